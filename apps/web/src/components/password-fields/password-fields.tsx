import { Col, Form, Input, Row } from 'antd';
import { MSG } from '@fm/domain';
import { zodRule } from '../form';

/** "Repetir contraseña": must equal the `password` field of the same form (spec doc 1 §5). */
export function RepeatPasswordItem() {
  return (
    <Form.Item
      name="repeat_password"
      label="Repetir contraseña"
      dependencies={['password']}
      rules={[
        ({ getFieldValue }) => ({
          validator: async (_r, value: unknown) => {
            // a cleared field ('') and an untouched one (undefined) are both empty: an optional password left blank passes
            const password: unknown = getFieldValue('password');
            if ((value || '') !== (password || '')) throw new Error(MSG.passwordsMismatch);
          },
        }),
      ]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}

/** "Contraseña" and "Repetir contraseña" side by side, for a new password. */
export function NewPasswordFields({ rule, extra }: { rule: Parameters<typeof zodRule>[0]; extra?: string }) {
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name="password" label="Contraseña" rules={[zodRule(rule)]} extra={extra}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <RepeatPasswordItem />
      </Col>
    </Row>
  );
}
