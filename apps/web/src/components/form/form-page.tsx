import type { ReactNode } from 'react';
import { Button, Card, Space, Typography } from 'antd';

/** A create/edit screen: its title over one card holding the form. */
export function FormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Card style={{ maxWidth: 720 }}>{children}</Card>
    </div>
  );
}

/** Cancelar and Guardar (submits the enclosing form) at the foot of a form. */
export function FormActions({ onCancel, saving }: { onCancel: () => void; saving?: boolean }) {
  return (
    <Space>
      <Button onClick={onCancel}>Cancelar</Button>
      <Button type="primary" htmlType="submit" loading={saving}>
        Guardar
      </Button>
    </Space>
  );
}
