import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Form, Modal, Typography } from 'antd';
import { Link } from 'react-router';
import { FinishSignupBody, MSG, localPhone, normalizePhone } from '@fm/domain';
import { applyServerErrors, warnValidation } from '../../../components/form';
import { toast } from '../../../components/feedback';
import type { Session } from '../../../session/session-store';
import { LocationPickers, type LocationValues } from '../../../components/location-pickers';
import { NewPasswordFields } from '../../../components/password-fields';
import { PersonFields } from '../../../components/person-fields';
import { profileKeys } from '../../profile/queries';
import { finishSignup } from '../api';

type Values = LocationValues & {
  name: string;
  last_name: string;
  phone: string;
  occupation?: string;
  password?: string;
  repeat_password?: string;
};

const f = FinishSignupBody.shape;

/**
 * "Completá tu registro" (spec doc 1 §3 "Finish signup", §5 profile and signup rules): an account created by a
 * first Google or Apple sign-in brings only name, last name and e-mail, so before anything else it must add
 * phone, role and locality, and may set a password to sign in with its e-mail too. It cannot be dismissed;
 * 'Cerrar sesión' is the way out.
 */
export function FinishSignup({ session }: { session: Session }) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const { user } = session;

  const onFinish = async (v: Values) => {
    setSending(true);
    try {
      await finishSignup({
        name: v.name.trim(),
        last_name: v.last_name.trim(),
        phone: normalizePhone(v.phone),
        occupation: v.occupation ?? '',
        city_id: Number(v.city_id),
        first_login_mobile: false,
        ...(v.password ? { password: v.password } : {}),
      });
      // the profile screen may hold the old user
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      toast.success(MSG.signupCompleted);
    } catch (err) {
      applyServerErrors(form, err);
      setSending(false);
    }
  };

  return (
    <Modal open title="Completá tu registro" footer={null} closable={false} mask={{ closable: false }} keyboard={false} width={640} style={{ top: 24 }}>
      <Typography.Paragraph type="secondary">Necesitamos algunos datos más para terminar de crear tu cuenta.</Typography.Paragraph>
      <Form<Values>
        form={form}
        name="finish-signup"
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: user.name, last_name: user.last_name, phone: localPhone(user.phone), occupation: user.occupation ?? undefined }}
        onFinish={onFinish}
        onFinishFailed={warnValidation}
      >
        <PersonFields rules={f} />
        <LocationPickers />
        <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
          Contraseña (opcional)
        </Divider>
        <NewPasswordFields rule={f.password} extra="Para ingresar también con tu email" />
        <Button type="primary" htmlType="submit" block size="large" loading={sending}>
          Completar registro
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        <Link to="/salir">Cerrar sesión</Link>
      </Typography.Paragraph>
    </Modal>
  );
}
