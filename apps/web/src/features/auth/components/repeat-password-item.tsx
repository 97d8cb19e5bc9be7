import { Form, Input } from 'antd';
import { MSG } from '@fm/domain';

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
            if (value !== getFieldValue('password')) throw new Error(MSG.passwordsMismatch);
          },
        }),
      ]}
    >
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}
