import { useMemo } from 'react';
import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AGREEMENT_TYPE_ID, COMPANY_TYPES, contributionTotal, LAND_MSG, TaxIdentifier, formatCuit, formatNumber, type Company } from '@fm/domain';
import { DecimalInput, requiredRule, zodRule } from '../../../components/form';
import { FormModal } from '../../../components/form-modal';
import { useDefaultWorkspaces, WorkspacesSelect } from '../../../components/workspaces-select';
import type { ResourceScope } from '../../resources/api';
import { useResourceMutations } from '../../resources/queries';
import { useCompanies } from '../queries';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Values = {
  name?: string;
  tax_identifier?: string;
  company_type_id?: number;
  partners?: { partner_id?: number; contribution?: number }[];
  workspaces?: number[];
};

type Props = { scope: ResourceScope; record: Company | null; open: boolean; onClose: () => void };

function PartnersEditor({ scope, selfId }: { scope: ResourceScope; selfId?: number }) {
  const companies = useCompanies(scope);
  const partners = Form.useWatch('partners') as Values['partners'];
  const total = contributionTotal((partners ?? []).map((p) => ({ contribution: Number(p?.contribution ?? 0) })));
  const options = (companies.data ?? []).filter((c) => c.company_id !== selfId && !c.is_an_agreement).map((c) => ({ value: c.company_id, label: c.name }));
  return (
    <Form.List
      name="partners"
      rules={[
        {
          validator: async (_r, value: Values['partners']) => {
            if (contributionTotal((value ?? []).map((p) => ({ contribution: Number(p?.contribution ?? 0) }))) > 100) throw new Error(LAND_MSG.contributionsOver100);
          },
        },
      ]}
    >
      {(items, { add, remove }, { errors }) => (
        <div>
          <Typography.Text strong>Socios del convenio</Typography.Text>
          {items.map((item) => (
            <Space key={item.key} align="start" style={{ display: 'flex', marginTop: 8 }}>
              <Form.Item name={[item.name, 'partner_id']} rules={[requiredRule(LAND_MSG.partnerRequired)]} style={{ minWidth: 260, marginBottom: 0 }}>
                <Select showSearch={SEARCH_BY_LABEL} placeholder="Socio" options={options} loading={companies.isLoading} aria-label="Socio" />
              </Form.Item>
              <Form.Item name={[item.name, 'contribution']} rules={[requiredRule(LAND_MSG.contributionRange)]} style={{ marginBottom: 0 }}>
                <DecimalInput min={0} max={100} step={0.01} suffix="%" placeholder="Aporte" aria-label="Aporte" style={{ width: 130 }} />
              </Form.Item>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label="Quitar socio" onClick={() => remove(item.name)} />
            </Space>
          ))}
          <Space style={{ marginTop: 8 }}>
            <Button icon={<PlusOutlined />} onClick={() => add({ contribution: 0 })}>
              Agregar socio
            </Button>
            <Typography.Text type={total > 100 ? 'danger' : 'secondary'}>Total de aportes: {formatNumber(total)} %</Typography.Text>
          </Space>
          <Form.ErrorList errors={errors} />
          <div style={{ height: 16 }} />
        </div>
      )}
    </Form.List>
  );
}

/** Create / edit a company: name, CUIT (check digit, inline message), type and, for an agreement, its partners. */
export function CompanyFormModal({ scope, record, open, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const { save } = useResourceMutations<Company>('companies', 'company_id', scope);
  const defaultWorkspaces = useDefaultWorkspaces();
  const typeId = Form.useWatch('company_type_id', form);
  const initialValues = useMemo<Values>(
    () =>
      record
        ? {
            name: record.name,
            tax_identifier: formatCuit(record.tax_identifier),
            company_type_id: record.company_type_id,
            partners: record.partners.map((p) => ({ partner_id: p.partner.company_id, contribution: p.contribution })),
            workspaces: record.workspaces.map((w) => w.workspace_id),
          }
        : { company_type_id: 1, partners: [], workspaces: defaultWorkspaces },
    [record, defaultWorkspaces],
  );

  const onSave = (values: Values) => {
    const body = {
      name: values.name,
      tax_identifier: values.tax_identifier,
      company_type_id: values.company_type_id,
      partners: values.company_type_id === AGREEMENT_TYPE_ID ? (values.partners ?? []) : [],
      ...(scope === 'account' ? { workspaces: values.workspaces ?? [] } : {}),
    };
    return save.mutateAsync({ id: record?.company_id, body });
  };

  return (
    <FormModal form={form} name="company-form" title={record ? 'Editar empresa' : 'Crear empresa'} open={open} initialValues={initialValues} onSave={onSave} saving={save.isPending} onClose={onClose} width={620}>
      <Form.Item name="name" label="Nombre" rules={[requiredRule(LAND_MSG.nameRequired)]}>
        <Input maxLength={120} placeholder="Razón social" />
      </Form.Item>
      <Form.Item name="tax_identifier" label="CUIT" required rules={[zodRule(TaxIdentifier)]} validateTrigger={['onBlur', 'onChange']} validateDebounce={400}>
        <Input maxLength={13} placeholder="30-12345678-9" inputMode="numeric" />
      </Form.Item>
      <Form.Item name="company_type_id" label="Tipo" rules={[requiredRule(LAND_MSG.typeRequired)]}>
        <Select options={COMPANY_TYPES.map((t) => ({ value: t.company_type_id, label: t.name }))} aria-label="Tipo" />
      </Form.Item>
      {typeId === AGREEMENT_TYPE_ID && <PartnersEditor scope={scope} selfId={record?.company_id} />}
      {scope === 'account' && <WorkspacesSelect />}
    </FormModal>
  );
}
