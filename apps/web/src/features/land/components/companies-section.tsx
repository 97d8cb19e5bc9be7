import { useState } from 'react';
import { Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { COMPANY_TYPES, formatCuit, formatNumber, type Company } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useCan } from '../../../session/hooks';
import { CompanyFormModal } from './company-form-modal';
import { RowActions, recordActions } from '../../../components/row-actions';
import { useResourceMutations, useResourceScope } from '../../resources/queries';

const typeName = (id: number) => COMPANY_TYPES.find((t) => t.company_type_id === id)?.name ?? 'Socio productivo';

/** Empresas tab of Mis recursos: companies, agreements (with partners' contributions) and productive partners. */
export function CompaniesSection() {
  const scope = useResourceScope();
  const canCreate = useCan('resources', 'create');
  const [editing, setEditing] = useState<{ record: Company | null } | null>(null);
  const { toggle, onDelete } = recordActions<Company>(useResourceMutations<Company>('companies', 'company_id', scope), 'la empresa', (c) => c.company_id);

  const columns: DataColumn<Company>[] = [
    { title: 'Nombre', dataIndex: 'name', sortField: 'name' },
    { title: 'CUIT', dataIndex: 'tax_identifier', sortField: 'tax_identifier', render: (v: string) => formatCuit(v) },
    { title: 'Tipo', dataIndex: 'company_type_id', render: (v: number) => typeName(v) },
    {
      title: 'Socios',
      dataIndex: 'partners',
      render: (_: unknown, c: Company) => (c.partners.length ? c.partners.map((p) => `${p.partner.name} (${formatNumber(p.contribution)} %)`).join(', ') : '—'),
    },
    { title: 'Estado', dataIndex: 'active', sortField: 'active', render: (v: boolean) => (v ? <Tag color="green">Activa</Tag> : <Tag>Inactiva</Tag>) },
    ...(scope === 'account'
      ? [{ title: 'Espacios de trabajo', dataIndex: 'workspaces', render: (_: unknown, c: Company) => (c.workspaces.length ? c.workspaces.map((w) => <Tag key={w.workspace_id}>{w.name}</Tag>) : '—') }]
      : []),
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, c: Company) => <RowActions module="resources" active={c.active} onEdit={() => setEditing({ record: c })} onToggle={() => void toggle(c)} onDelete={() => void onDelete(c)} />,
    },
  ];

  return (
    <>
      <DataTable<Company>
        stateKey="resources-companies"
        resource="companies"
        columns={columns}
        rowKey={(c) => c.company_id}
        searchFields={['name', 'tax_identifier']}
        searchPlaceholder="Buscar por nombre o CUIT"
        filterFields={[
          { field: 'name', label: 'Nombre', type: 'string' },
          { field: 'tax_identifier', label: 'CUIT', type: 'string' },
        ]}
        extraQuery={scope === 'account' ? { scope: 'account' } : undefined}
        toolbar={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
              Crear empresa
            </Button>
          )
        }
      />
      <CompanyFormModal scope={scope} record={editing?.record ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
