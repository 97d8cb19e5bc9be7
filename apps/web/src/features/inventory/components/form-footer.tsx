import type { CSSProperties } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { useNavigate } from 'react-router';

/** Observaciones and Cancelar / Guardar of the stock entry and movement forms (Cancelar goes back to the stock). */
export function StockFormFooter({ saving, observationsStyle }: { saving: boolean; observationsStyle?: CSSProperties }) {
  const navigate = useNavigate();
  return (
    <>
      <Form.Item name="observations" label="Observaciones" style={observationsStyle}>
        <Input.TextArea maxLength={1000} rows={2} aria-label="Observaciones" />
      </Form.Item>
      <Space>
        <Button onClick={() => void navigate('/inventario-stock')}>Cancelar</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          Guardar
        </Button>
      </Space>
    </>
  );
}
