import { useState } from 'react';
import { Button, Form, Input, Result } from 'antd';
import { Link } from 'react-router';
import { MSG, SigninBody } from '@fm/domain';
import { toast } from '../../../components/feedback/toast';
import { zodRule } from '../../../components/form/zod-rule';
import { warnValidation } from '../../../components/form/warn-validation';
import { AuthLayout } from '../components/auth-layout';
import { requestPasswordReset } from '../api';

/** Asks for the e-mail and sends the reset link (the answer is the same whether or not the account exists). */
export function ResetPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async ({ email }: { email: string }) => {
    setSubmitting(true);
    try {
      const message = await requestPasswordReset(email.trim().toLowerCase());
      setSent(message || MSG.resetSent);
    } catch (err) {
      toast.apiError(err);
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <AuthLayout title="Revisá tu correo">
        <Result status="success" title="Enlace enviado" subTitle={sent} extra={<Link to="/">Volver a iniciar sesión</Link>} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Restablecer contraseña" subtitle="Te enviaremos un enlace para crear una nueva contraseña.">
      <Form layout="vertical" onFinish={onFinish} onFinishFailed={warnValidation} requiredMark={false}>
        <Form.Item name="email" label="Email" rules={[zodRule(SigninBody.shape.email)]}>
          <Input type="email" autoComplete="email" placeholder="nombre@ejemplo.com" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          Enviar enlace
        </Button>
      </Form>
      <p style={{ textAlign: 'center', marginTop: 20, marginBottom: 0 }}>
        <Link to="/">Volver a iniciar sesión</Link>
      </p>
    </AuthLayout>
  );
}
