import { useState } from 'react';
import { Button, Form, Input, Result } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { MSG, PasswordChangeBody } from '@fm/domain';
import { toast } from '../../../components/feedback/toast';
import { zodRule } from '../../../components/form/zod-rule';
import { warnValidation } from '../../../components/form/warn-validation';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { AuthLayout } from '../components/auth-layout';
import { RepeatPasswordItem } from '../../../components/password-fields';
import { changePassword } from '../api';

type Values = { password: string; repeat_password: string };

/** New password twice, sent with the reset token of the e-mailed link as bearer. */
export function ResetConfirmPage() {
  const { token } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  if (!token) {
    return (
      <AuthLayout title="Nueva contraseña">
        <Result status="warning" title={MSG.tokenInvalid} extra={<Link to="/restablecer-password">Pedir un nuevo enlace</Link>} />
      </AuthLayout>
    );
  }

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    try {
      await changePassword(token, values);
      toast.success(MSG.passwordChanged);
      navigate('/', { replace: true });
    } catch (err) {
      applyServerErrors(form, err);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Nueva contraseña" subtitle="Elegí una contraseña de al menos 6 caracteres.">
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} onFinishFailed={warnValidation} requiredMark={false}>
        <Form.Item name="password" label="Nueva contraseña" rules={[zodRule(PasswordChangeBody.shape.password)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <RepeatPasswordItem />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          Guardar contraseña
        </Button>
      </Form>
    </AuthLayout>
  );
}
