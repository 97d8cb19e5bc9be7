import { useMemo, useState } from 'react';
import { Form, Modal, Select } from 'antd';
import { ACCESS_MSG, checkedModulesToPermissions, defaultPermissions, MSG, type Module, type TeamRow } from '@fm/domain';
import { toast } from '../../../components/feedback';
import { PermissionsPanel } from '../../../components/permissions-panel';
import { useWorkspaces } from '../../workspaces/queries';
import { useTeamMutations } from '../queries';

/** 'Dar acceso a un espacio de trabajo': one workspace and one permission set for every member of the team. */
export function TeamAccessModal({ team, onClose }: { team: TeamRow; onClose: () => void }) {
  const workspaces = useWorkspaces();
  const { grant } = useTeamMutations();
  const [workspaceId, setWorkspaceId] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);
  const defaults = useMemo(() => defaultPermissions(), []);
  const options = (workspaces.data ?? []).filter((w) => w.owner).map((w) => ({ value: w.workspace_id, label: w.name }));

  const onSave = async (checked: Module[]) => {
    if (!workspaceId) {
      setError(MSG.workspaceRequired);
      return;
    }
    try {
      await grant.mutateAsync({ workspaceId, teamId: team.team_id, permissions: checkedModulesToPermissions(checked) });
      toast.success(ACCESS_MSG.permissionsSaved);
      onClose();
    } catch (err) {
      toast.apiError(err);
    }
  };

  return (
    <Modal open title={`Dar acceso a un espacio de trabajo: ${team.name}`} footer={null} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label="Espacio de trabajo" required validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          <Select
            aria-label="Seleccionar espacio de trabajo"
            placeholder="Seleccioná un espacio de trabajo"
            options={options}
            value={workspaceId}
            onChange={(v: number) => {
              setWorkspaceId(v);
              setError(null);
            }}
            notFoundContent="No hay opciones"
          />
        </Form.Item>
      </Form>
      <PermissionsPanel permissions={defaults} loading={false} saving={grant.isPending} onSave={(c) => void onSave(c)} onCancel={onClose} />
    </Modal>
  );
}
