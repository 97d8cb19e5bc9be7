import { Button, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import { CopyOutlined, EyeOutlined, MoreOutlined } from '@ant-design/icons';
import { workOrderActions } from '@fm/domain';
import type { WorkOrder } from '../types';

export type RowCommands = {
  duplicate: (o: WorkOrder) => void;
  detail: (o: WorkOrder) => void;
  pdf: (o: WorkOrder) => void;
  changeStatus: (o: WorkOrder) => void;
  contributions: (o: WorkOrder) => void;
  recipes: (o: WorkOrder) => void;
  toCreated: (o: WorkOrder) => void;
  disable: (o: WorkOrder) => void;
  enable: (o: WorkOrder) => void;
};

export type RowPermissions = { create: boolean; update: boolean; delete: boolean; recipes: boolean };

/**
 * Row actions of the list exactly as spec doc 2 §2.6 conditions them: Duplicar and Ir al detalle; a menu with the PDF,
 * Cambiar estado and Asignar aportes; Recetas agronómicas; Pasar a creada (status 7); Deshabilitar / Habilitar.
 * Each also needs the permission the server checks.
 */
export function OrderRowActions({ order, can, run }: { order: WorkOrder; can: RowPermissions; run: RowCommands }) {
  const allowed = workOrderActions(order, can.recipes);
  const items: MenuProps['items'] = [
    { key: 'pdf', label: 'Descargar PDF', onClick: () => run.pdf(order) },
    ...(allowed.changeStatus && can.update ? [{ key: 'status', label: 'Cambiar estado', onClick: () => run.changeStatus(order) }] : []),
    ...(allowed.contributions && can.update ? [{ key: 'contributions', label: 'Asignar aportes', onClick: () => run.contributions(order) }] : []),
    ...(allowed.recipes ? [{ key: 'recipes', label: 'Recetas agronómicas', onClick: () => run.recipes(order) }] : []),
    ...(allowed.toCreated && can.update ? [{ key: 'to-created', label: 'Pasar a creada', onClick: () => run.toCreated(order) }] : []),
    ...(allowed.disable && can.delete ? [{ type: 'divider' as const }, { key: 'disable', label: 'Deshabilitar', danger: true, onClick: () => run.disable(order) }] : []),
    ...(allowed.enable && can.update ? [{ type: 'divider' as const }, { key: 'enable', label: 'Habilitar', onClick: () => run.enable(order) }] : []),
  ];
  return (
    <Space size={0} wrap={false}>
      {can.create && (
        <Tooltip title="Duplicar">
          <Button type="text" size="small" aria-label="Duplicar" icon={<CopyOutlined />} onClick={() => run.duplicate(order)} />
        </Tooltip>
      )}
      <Tooltip title="Ir al detalle">
        <Button type="text" size="small" aria-label="Ir al detalle" icon={<EyeOutlined />} onClick={() => run.detail(order)} />
      </Tooltip>
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button type="text" size="small" aria-label="Más acciones" icon={<MoreOutlined />} />
      </Dropdown>
    </Space>
  );
}
