import { useCallback, useState } from 'react';
import { Button, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatHectares, type Farm } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useCan } from '../../../session/hooks';
import { FarmFormForId } from './farm-form-modal';
import { RowActions, recordActions } from '../../../components/row-actions';
import { useResourceMutations, useResourceScope } from '../../resources/queries';

/** Establecimientos tab of Mis recursos: farms with their locality, plots and total hectares. */
export function FarmsSection() {
  const scope = useResourceScope();
  const canCreate = useCan('resources', 'create');
  const [editing, setEditing] = useState<{ farmId: number | null } | null>(null);
  const { toggle, onDelete } = recordActions<Farm>(useResourceMutations<Farm>('farms', 'farm_id', scope), 'el establecimiento', (f) => f.farm_id);

  const closeForm = useCallback(() => setEditing(null), []);

  const columns: DataColumn<Farm>[] = [
    { title: 'Nombre', dataIndex: 'name', sortField: 'name' },
    { title: 'Localidad', key: 'city', sortField: 'city.name', render: (_: unknown, f: Farm) => f.city?.name ?? '—' },
    { title: 'Provincia', key: 'state', sortField: 'state.name', render: (_: unknown, f: Farm) => f.state?.name ?? '—' },
    { title: 'Lotes', dataIndex: 'fields_count', align: 'right' },
    { title: 'Hectáreas', dataIndex: 'hectares', align: 'right', render: (v: number) => formatHectares(v) },
    { title: 'Estado', dataIndex: 'active', sortField: 'active', render: (v: boolean) => (v ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>) },
    ...(scope === 'account'
      ? [{ title: 'Espacios de trabajo', dataIndex: 'workspaces', render: (_: unknown, f: Farm) => (f.workspaces.length ? f.workspaces.map((w) => <Tag key={w.workspace_id}>{w.name}</Tag>) : '—') }]
      : []),
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, f: Farm) => <RowActions module="resources" active={f.active} onEdit={() => setEditing({ farmId: f.farm_id })} onToggle={() => void toggle(f)} onDelete={() => void onDelete(f)} />,
    },
  ];

  return (
    <>
      <DataTable<Farm>
        stateKey="resources-farms"
        resource="farms"
        columns={columns}
        rowKey={(f) => f.farm_id}
        searchFields={['name']}
        searchPlaceholder="Buscar por nombre"
        filterFields={[
          { field: 'name', label: 'Nombre', type: 'string' },
          { field: 'city.name', label: 'Localidad', type: 'string' },
          { field: 'state.name', label: 'Provincia', type: 'string' },
        ]}
        extraQuery={{ include: 'city,state', ...(scope === 'account' ? { scope: 'account' } : {}) }}
        toolbar={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ farmId: null })}>
              Crear establecimiento
            </Button>
          )
        }
      />
      <FarmFormForId scope={scope} farmId={editing?.farmId ?? null} open={editing !== null} onClose={closeForm} />
    </>
  );
}
