import { useMemo } from 'react';
import { Checkbox, Form, Input, Select } from 'antd';
import { FormModal } from '../../../components/form-modal';
import { useDefaultWorkspaces, WorkspacesSelect } from '../../../components/workspaces-select';
import type { ResourceScope } from '../api';
import { useResourceMutations } from '../queries';
import type { FormField, ResourceConfig, Row } from '../resource-config';
import { useOptionSource } from './use-option-source';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Props = {
  config: ResourceConfig;
  scope: ResourceScope;
  /** The record to edit, or null to create. */
  record: Row | null;
  open: boolean;
  onClose: () => void;
};

/** Props antd's Form.Item injects into its child (value, onChange, id, checked, ...). */
type ControlProps = Record<string, unknown>;

function SelectField({ field, scope, ...control }: { field: FormField; scope: ResourceScope } & ControlProps) {
  const options = useOptionSource(field.options, scope);
  return (
    <Select
      {...control}
      allowClear
      showSearch={SEARCH_BY_LABEL}
      placeholder="Seleccioná"
      loading={options.loading}
      options={options.options}
    />
  );
}

/** The control of one field; forwards what Form.Item injects so value, onChange and the label's id reach it. */
function FieldInput({ field, scope, ...control }: { field: FormField; scope: ResourceScope } & ControlProps) {
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea {...control} rows={3} maxLength={1000} showCount />;
    case 'checkbox':
      return <Checkbox {...control}>{field.label}</Checkbox>;
    case 'select':
      return <SelectField {...control} field={field} scope={scope} />;
    default:
      return <Input {...control} placeholder={field.placeholder} maxLength={254} />;
  }
}

function FormItem({ field, scope }: { field: FormField; scope: ResourceScope }) {
  const item = (
    <Form.Item
      name={field.name}
      label={field.kind === 'checkbox' ? undefined : field.label}
      rules={field.rules}
      dependencies={field.dependencies}
      valuePropName={field.kind === 'checkbox' ? 'checked' : 'value'}
    >
      <FieldInput field={field} scope={scope} />
    </Form.Item>
  );
  const visibleWhen = field.visibleWhen;
  if (!visibleWhen) return item;
  return (
    <Form.Item noStyle shouldUpdate>
      {({ getFieldsValue }) => (visibleWhen(getFieldsValue(true) as Row) ? item : null)}
    </Form.Item>
  );
}

/** Values of the form as the edit form shows them (ids of the workspaces it is shared into). */
function initialValues(config: ResourceConfig, record: Row | null, defaultWorkspaces: number[]): Row {
  if (!record) return { ...config.defaults, workspaces: defaultWorkspaces };
  const workspaces = Array.isArray(record.workspaces) ? (record.workspaces as { workspace_id: number }[]).map((w) => w.workspace_id) : undefined;
  const shown: Row = { ...record, workspaces };
  for (const f of config.fields) {
    const value = record[f.name];
    if (f.display && typeof value === 'string' && value) shown[f.name] = f.display(value);
  }
  return shown;
}

/** The one create/edit form of every master-data resource, driven by its field config. */
export function ResourceFormModal({ config, scope, record, open, onClose }: Props) {
  const [form] = Form.useForm<Row>();
  const { save } = useResourceMutations<Row>(config.path, config.idParam, scope);
  const showSharing = config.shared && scope === 'account';
  const defaultWorkspaces = useDefaultWorkspaces();
  const shown = useMemo(() => initialValues(config, record, defaultWorkspaces), [config, record, defaultWorkspaces]);

  const onSave = (values: Row) => {
    const body: Row = {};
    for (const f of config.fields) {
      const visible = !f.visibleWhen || f.visibleWhen(values);
      const value = values[f.name];
      body[f.name] = visible ? (value ?? (f.kind === 'checkbox' ? false : null)) : null;
    }
    if (showSharing) body.workspaces = values.workspaces ?? [];
    return save.mutateAsync({ id: record ? Number(record[config.idParam]) : undefined, body });
  };

  return (
    <FormModal
      form={form}
      name={`${config.key}-form`}
      title={record ? `Editar ${config.noun}` : `Crear ${config.noun}`}
      open={open}
      initialValues={shown}
      onSave={onSave}
      saving={save.isPending}
      onClose={onClose}
    >
      {config.fields.map((f) => (
        <FormItem key={f.name} field={f} scope={scope} />
      ))}
      {showSharing && <WorkspacesSelect />}
    </FormModal>
  );
}
