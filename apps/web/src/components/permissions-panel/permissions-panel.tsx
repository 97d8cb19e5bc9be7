import { useEffect, useState } from 'react';
import { Button, Checkbox, Skeleton, Space, Typography } from 'antd';
import { BASE_MODULES, MODULE_LABELS, MODULES, type Module, type PermissionEntry } from '@fm/domain';

export type PermissionsPanelProps = {
  title?: string;
  /** Stored permissions; undefined while loading. */
  permissions: PermissionEntry[] | undefined;
  loading: boolean;
  /** The workspace owner: everything checked and locked, nothing to save. */
  owner?: boolean;
  saving?: boolean;
  onSave: (checked: Module[]) => void;
  onCancel: () => void;
};

const isBase = (m: Module) => BASE_MODULES.includes(m);

/**
 * The module checkboxes of spec doc 1 §2.9 / §5: base modules always on and locked, the owner's all on and
 * locked; Habilitar todo, Cancelar, Guardar; 13 skeleton rows while loading.
 */
export function PermissionsPanel({ title, permissions, loading, owner, saving, onSave, onCancel }: PermissionsPanelProps) {
  const [checked, setChecked] = useState<Module[]>([]);
  useEffect(() => {
    if (!permissions) return;
    setChecked(MODULES.filter((m) => owner || isBase(m) || permissions.some((p) => p.module === m && p.read)));
  }, [permissions, owner]);

  const toggle = (m: Module, on: boolean) => setChecked((prev) => (on ? [...new Set([...prev, m])] : prev.filter((x) => x !== m || isBase(x))));

  return (
    <div aria-label="Permisos" role="group">
      {title && <Typography.Title level={5}>{title}</Typography.Title>}
      {loading || !permissions ? (
        <div data-testid="permissions-loading">
          {Array.from({ length: 13 }, (_, i) => (
            <Skeleton.Input key={i} active size="small" block style={{ marginBottom: 8 }} />
          ))}
        </div>
      ) : (
        <Space direction="vertical" size={6} style={{ width: '100%' }}>
          {MODULES.map((m) => (
            <Checkbox key={m} checked={owner || checked.includes(m)} disabled={owner || isBase(m)} onChange={(e) => toggle(m, e.target.checked)}>
              {MODULE_LABELS[m]}
            </Checkbox>
          ))}
        </Space>
      )}
      <Space wrap style={{ marginTop: 16 }}>
        <Button onClick={() => setChecked([...MODULES])} disabled={owner || loading}>
          Habilitar todo
        </Button>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button type="primary" onClick={() => onSave(checked)} loading={saving} disabled={owner || loading || !permissions}>
          Guardar
        </Button>
      </Space>
    </div>
  );
}
