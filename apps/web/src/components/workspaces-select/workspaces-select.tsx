import { useMemo } from 'react';
import { Form, Select } from 'antd';
import { useSession } from '../../session/hooks';
import { SEARCH_BY_LABEL } from '../form/option-search';

/** Owned workspaces a resource is shared into (Mis recursos, owner only). */
export function WorkspacesSelect() {
  const session = useSession();
  const owned = (session?.user.workspaces ?? []).filter((w) => w.owner);
  return (
    <Form.Item name="workspaces" label="Espacios de trabajo" tooltip="Los espacios de trabajo donde se puede usar este registro">
      <Select mode="multiple" showSearch={SEARCH_BY_LABEL} placeholder="Seleccioná los espacios de trabajo" options={owned.map((w) => ({ value: w.workspace_id, label: w.name }))} aria-label="Espacios de trabajo" />
    </Form.Item>
  );
}

/** Default sharing of a new record: the current workspace when the user owns it. */
export function useDefaultWorkspaces(): number[] {
  const session = useSession();
  const current = session?.user.workspaces.find((w) => w.workspace_id === session.workspaceId && w.owner)?.workspace_id;
  // stable identity: forms reset when it changes
  return useMemo(() => (current ? [current] : []), [current]);
}
