import { Button, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { formatDate, type Note } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction } from '../../../components/feedback';
import { NOTES_RESOURCE, useNoteMutations } from '../queries';
import { NOTE_TEXT as T } from '../texts';

const place = (n: Note) => [n.farm_name, n.field_name].filter(Boolean).join(' / ') || '—';

/** Notas (/notas): search in title and text, Nueva nota, Editar / Eliminar. */
export default function NotesPage() {
  const navigate = useNavigate();
  const { remove } = useNoteMutations();

  const onDelete = (n: Note) =>
    confirmAction({
      confirm: { title: T.confirmDelete, content: n.title, okText: T.delete, danger: true },
      run: () => remove.mutateAsync(n.note_id),
      success: 'Nota eliminada',
    });

  const columns: DataColumn<Note>[] = [
    { title: T.title, dataIndex: 'title', sortField: 'title', minWidth: 200 },
    { title: T.place, key: 'place', minWidth: 180, render: (_: unknown, n: Note) => place(n) },
    { title: T.date, dataIndex: 'updated_at', sortField: 'updated_at', width: 110, render: (v: string) => formatDate(v) },
    {
      title: T.attachments,
      key: 'attachments',
      width: 110,
      align: 'center',
      render: (_: unknown, n: Note) =>
        n.attachments.length ? (
          <Space size={4}>
            <PaperClipOutlined aria-label={T.attachments} />
            {n.attachments.length}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      width: 100,
      render: (_: unknown, n: Note) => (
        <Space size={0} wrap={false}>
          <Tooltip title={T.edit}>
            <Button type="text" size="small" aria-label={T.edit} icon={<EditOutlined />} onClick={() => void navigate(`/notas/${n.note_id}/editar`)} />
          </Tooltip>
          <Tooltip title={T.delete}>
            <Button type="text" size="small" danger aria-label={T.delete} icon={<DeleteOutlined />} onClick={() => void onDelete(n)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {T.listTitle}
      </Typography.Title>
      <DataTable<Note>
        stateKey="notes"
        resource={NOTES_RESOURCE}
        columns={columns}
        rowKey={(n) => n.note_id}
        defaultPageSize={10}
        searchFields={['title', 'text']}
        searchPlaceholder={T.search}
        onRowClick={(n) => void navigate(`/notas/${n.note_id}/editar`)}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/notas/nueva')}>
            {T.newButton}
          </Button>
        }
      />
    </div>
  );
}
