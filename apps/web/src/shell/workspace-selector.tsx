import { useState } from 'react';
import { Select } from 'antd';
import { useSession } from '../session/hooks';
import { switchWorkspace } from '../session/switch-workspace';
import { toast } from '../components/feedback/toast';
import { SEARCH_BY_LABEL } from '../components/form/option-search';

/** Workspace selector of the top bar; changing it renews the token and reloads (spec doc 1 §4). */
export function WorkspaceSelector({ compact }: { compact?: boolean }) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  if (!session) return null;
  const options = session.user.workspaces
    .filter((w) => w.active || w.workspace_id === session.workspaceId)
    .map((w) => ({ value: w.workspace_id, label: w.owner ? w.name : `${w.name} (compartido)` }));

  const onChange = async (id: number) => {
    if (id === session.workspaceId) return;
    setBusy(true);
    try {
      await switchWorkspace(id);
    } catch (err) {
      toast.apiError(err);
      setBusy(false);
    }
  };

  return (
    <Select
      aria-label="Espacio de trabajo"
      value={session.workspaceId ?? undefined}
      options={options}
      onChange={onChange}
      loading={busy}
      disabled={busy}
      placeholder="Espacio de trabajo"
      style={{ width: compact ? 150 : 240 }}
      showSearch={SEARCH_BY_LABEL}
    />
  );
}
