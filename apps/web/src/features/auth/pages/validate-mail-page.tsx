import { useState } from 'react';
import { Button, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { ResendDialog, resendAndNotify } from '../components/resend-dialog';

/** After registering: tells the user to check the mail, with a resend. */
export function ValidateMailPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const [dialog, setDialog] = useState(false);
  const [sending, setSending] = useState(false);

  const resend = async () => {
    if (!email) {
      setDialog(true);
      return;
    }
    setSending(true);
    await resendAndNotify(email);
    setSending(false);
  };

  return (
    <AuthLayout title="Validá tu email">
      <Result
        icon={<MailOutlined style={{ color: '#2e7d32' }} />}
        title="Revisá tu correo"
        subTitle={
          email
            ? `Te enviamos un enlace de validación a ${email}. Abrilo para activar tu cuenta.`
            : 'Te enviamos un enlace de validación. Abrilo para activar tu cuenta.'
        }
        extra={[
          <Button key="resend" onClick={() => void resend()} loading={sending}>
            Reenviar mail
          </Button>,
          <Link key="login" to="/">
            <Button type="primary">Ir a iniciar sesión</Button>
          </Link>,
        ]}
      />
      <ResendDialog open={dialog} initialEmail={email} onClose={() => setDialog(false)} />
    </AuthLayout>
  );
}
