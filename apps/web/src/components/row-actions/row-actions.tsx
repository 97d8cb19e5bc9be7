import { Button, Space, Tooltip } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { useCan } from '../../session/hooks';
import type { Module } from '@fm/domain';

type Props = { module: Module; active: boolean; onEdit: () => void; onToggle: () => void; onDelete: () => void };

/** Editar, Activar/Desactivar and Eliminar icons, each shown only with its permission. */
export function RowActions({ module, active, onEdit, onToggle, onDelete }: Props) {
  const canUpdate = useCan(module, 'update');
  const canDelete = useCan(module, 'delete');
  return (
    <Space size={0} wrap={false}>
      {canUpdate && (
        <Tooltip title="Editar">
          <Button type="text" size="small" aria-label="Editar" icon={<EditOutlined />} onClick={onEdit} />
        </Tooltip>
      )}
      {canUpdate && (
        <Tooltip title={active ? 'Desactivar' : 'Activar'}>
          <Button type="text" size="small" aria-label={active ? 'Desactivar' : 'Activar'} icon={active ? <StopOutlined /> : <CheckCircleOutlined />} onClick={onToggle} />
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip title="Eliminar">
          <Button type="text" size="small" danger aria-label="Eliminar" icon={<DeleteOutlined />} onClick={onDelete} />
        </Tooltip>
      )}
    </Space>
  );
}
