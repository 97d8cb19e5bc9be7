import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { MSG, SignupBody, normalizePhone } from '@fm/domain';
import { zodRule } from '../../../components/form/zod-rule';
import { warnValidation } from '../../../components/form/warn-validation';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { AuthLayout } from '../components/auth-layout';
import { NewPasswordFields } from '../../../components/password-fields';
import { PersonFields } from '../../../components/person-fields';
import { LocationPickers, type LocationValues } from '../../../components/location-pickers';
import { signUp } from '../api';
import styles from '../components/auth.module.css';

type Values = LocationValues & {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  occupation: string;
  password: string;
  repeat_password: string;
  terms: boolean;
};

const f = SignupBody.shape;

/** Register (spec doc 1 §3, §5); on success the user is asked to validate the e-mail. */
export function RegisterPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (v: Values) => {
    setSubmitting(true);
    const email = v.email.trim().toLowerCase();
    try {
      await signUp({
        email,
        name: v.name.trim(),
        last_name: v.last_name.trim(),
        password: v.password,
        repeat_password: v.repeat_password,
        phone: normalizePhone(v.phone),
        occupation: v.occupation,
        city_id: Number(v.city_id),
      });
      navigate(`/validar-mail?email=${encodeURIComponent(email)}`, { replace: true });
    } catch (err) {
      applyServerErrors(form, err);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Crear cuenta" subtitle="Completá tus datos para empezar a usar Gestión Agro." wide>
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} onFinishFailed={warnValidation} requiredMark={false}>
        <PersonFields
          rules={f}
          email={
            <Form.Item name="email" label="Email" rules={[zodRule(f.email)]}>
              <Input type="email" autoComplete="email" placeholder="nombre@ejemplo.com" />
            </Form.Item>
          }
        />
        <LocationPickers />
        <NewPasswordFields rule={f.password} />
        <Form.Item
          name="terms"
          valuePropName="checked"
          rules={[{ validator: async (_r, value: unknown) => { if (value !== true) throw new Error(MSG.termsRequired); } }]}
        >
          <Checkbox>Acepto los términos y condiciones</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          Registrarme
        </Button>
      </Form>
      <p className={styles.center} style={{ marginTop: 20, marginBottom: 0 }}>
        ¿Ya tenés cuenta? <Link to="/">Iniciá sesión</Link>
      </p>
    </AuthLayout>
  );
}
