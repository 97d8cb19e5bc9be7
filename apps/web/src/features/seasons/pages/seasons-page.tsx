import { useState } from 'react';
import { Button, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Season } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useCan } from '../../../session/hooks';
import { RowActions, recordActions } from '../../../components/row-actions';
import { SeasonFormModal } from '../components/season-form-modal';
import { useSeasonMutations } from '../queries';

/** Campañas (/campanas, module seasons): list, create, edit, activate/deactivate and delete. */
export default function SeasonsPage() {
  const canCreate = useCan('seasons', 'create');
  const [editing, setEditing] = useState<{ record: Season | null } | null>(null);
  const { toggle, onDelete } = recordActions<Season>(useSeasonMutations(), 'la campaña', (s) => s.season_id);

  const columns: DataColumn<Season>[] = [
    { title: 'Nombre', dataIndex: 'name', sortField: 'name' },
    { title: 'Activa', dataIndex: 'active', sortField: 'active', render: (v: boolean) => (v ? <Tag color="green">Sí</Tag> : <Tag>No</Tag>) },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, s: Season) => <RowActions module="seasons" active={s.active} onEdit={() => setEditing({ record: s })} onToggle={() => void toggle(s)} onDelete={() => void onDelete(s)} />,
    },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Campañas
      </Typography.Title>
      <DataTable<Season>
        stateKey="seasons"
        resource="seasons"
        columns={columns}
        rowKey={(s) => s.season_id}
        searchFields={['name']}
        searchPlaceholder="Buscar campaña"
        toolbar={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
              Crear campaña
            </Button>
          )
        }
      />
      <SeasonFormModal record={editing?.record ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </div>
  );
}
