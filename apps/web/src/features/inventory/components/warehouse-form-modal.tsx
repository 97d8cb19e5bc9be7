import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { requiredRule } from '../../../components/form';
import { FormModal } from '../../../components/form-modal';
import { useDefaultWorkspaces, WorkspacesSelect } from '../../../components/workspaces-select';
import { useInventoryMutations } from '../queries';
import { INV_MSG } from '../texts';

type Values = { name?: string; workspaces?: number[] };

/** Nuevo depósito: name (El nombre es requerido) and the workspaces it is shared into. */
export function WarehouseFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { createWarehouse } = useInventoryMutations();
  const workspaces = useDefaultWorkspaces();
  const initialValues = useMemo<Values>(() => ({ name: '', workspaces }), [workspaces]);
  return (
    <FormModal
      form={form}
      name="warehouse-form"
      title="Nuevo depósito"
      open={open}
      initialValues={initialValues}
      onSave={async (v) => ({ message: await createWarehouse.mutateAsync({ name: (v.name ?? '').trim(), workspaces: v.workspaces ?? [] }) })}
      saving={createWarehouse.isPending}
      onClose={onClose}
    >
      <Form.Item name="name" label="Nombre" rules={[requiredRule(INV_MSG.nameRequired), { whitespace: true, message: INV_MSG.nameRequired }]}>
        <Input maxLength={120} placeholder="Depósito central" />
      </Form.Item>
      <WorkspacesSelect />
    </FormModal>
  );
}
