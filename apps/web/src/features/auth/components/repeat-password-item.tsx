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
