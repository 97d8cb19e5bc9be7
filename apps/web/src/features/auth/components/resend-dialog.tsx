import { Form, Input, Modal } from 'antd';
import { MSG, SigninBody } from '@fm/domain';
import { isApiError } from '../../../api/errors';
import { toast } from '../../../components/feedback/toast';
import { zodRule } from '../../../components/form/zod-rule';
import { resendValidation } from '../api';

type Props = { open: boolean; initialEmail?: string; onClose: () => void };

/** Resends the validation mail (spec doc 1 §5, §8); 409 means already validated. */
export async function resendAndNotify(email: string): Promise<boolean> {
  try {
    await resendValidation(email);
    toast.success(MSG.resendOk);
    return true;
  } catch (err) {
    if (isApiError(err) && err.status === 409) toast.warning(MSG.alreadyValidated);
    else toast.apiError(err);
    return false;
  }
}

/** Dialog opened by 'Reenviar' on the login screen. */
export function ResendDialog({ open, initialEmail, onClose }: Props) {
  const [form] = Form.useForm<{ email: string }>();
  const submit = async () => {
    const { email } = await form.validateFields();
    if (await resendAndNotify(email.trim().toLowerCase())) onClose();
  };
  return (
    <Modal
      open={open}
      title="Reenviar mail de validación"
      okText="Reenviar"
      cancelText="Cancelar"
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => visible && form.setFieldsValue({ email: initialEmail ?? '' })}
    >
      <p>Ingresá el email con el que te registraste y te enviaremos nuevamente el enlace de validación.</p>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="email" label="Email" rules={[zodRule(SigninBody.shape.email)]}>
          <Input type="email" autoComplete="email" placeholder="nombre@ejemplo.com" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
