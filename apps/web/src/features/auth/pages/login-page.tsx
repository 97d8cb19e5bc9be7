import { useEffect, useState } from 'react';
import { Button, Divider, Form, Input, Switch, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { SigninBody } from '@fm/domain';
import { startSession } from '../../../session/session-store';
import { toast } from '../../../components/feedback/toast';
import { zodRule } from '../../../components/form/zod-rule';
import { warnValidation } from '../../../components/form/warn-validation';
import { AuthLayout } from '../components/auth-layout';
import { ResendDialog } from '../components/resend-dialog';
import { ExternalSignIn } from '../components/external-signin';
import { signIn } from '../api';
import styles from '../components/auth.module.css';

type Values = { email: string; password: string; remember: boolean };

/** Login (spec doc 1 §2.6). After sign-in the public-route guard sends the user home. */
export function LoginPage() {
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const [resendOpen, setResendOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const email = Form.useWatch('email', form);

  // The external sign-in comes back here on failure, possibly with the reason.
  const failure = params.get('error') ?? params.get('message');
  useEffect(() => {
    if (failure) toast.warning(failure);
  }, [failure]);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    try {
      const payload = await signIn({ email: values.email.trim().toLowerCase(), password: values.password }, params.get('login_from') ?? undefined);
      startSession(payload, { remember: values.remember });
    } catch (err) {
      toast.apiError(err);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Inicia sesión">
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ remember: true }}
        onFinish={onFinish}
        onFinishFailed={warnValidation}
        requiredMark={false}
      >
        <Form.Item name="email" label="Email" rules={[zodRule(SigninBody.shape.email)]}>
          <Input type="email" autoComplete="email" placeholder="nombre@ejemplo.com" />
        </Form.Item>
        <Form.Item name="password" label="Contraseña" rules={[zodRule(SigninBody.shape.password)]}>
          <Input.Password autoComplete="current-password" placeholder="Tu contraseña" />
        </Form.Item>
        <div className={styles.row}>
          <label className={styles.links}>
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Switch size="small" aria-label="Recordar" />
            </Form.Item>
            <span>Recordar</span>
          </label>
          <span className={styles.links}>
            <Typography.Link onClick={() => setResendOpen(true)}>Reenviar</Typography.Link>
            <Link to="/restablecer-password">Reestablecer</Link>
          </span>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          Ingresar
        </Button>
      </Form>
      <Divider plain>o</Divider>
      <ExternalSignIn />
      <p className={styles.center} style={{ marginTop: 20, marginBottom: 0 }}>
        ¿No tenés cuenta? <Link to="/register">Registrate aquí</Link>
      </p>
      <ResendDialog open={resendOpen} initialEmail={email} onClose={() => setResendOpen(false)} />
    </AuthLayout>
  );
}
