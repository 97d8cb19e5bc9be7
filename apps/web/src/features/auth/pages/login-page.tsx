import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SigninBody } from '@fm/domain';
import { startSession } from '../../../session/session-store';
import { lazyToast, toastLater } from '../../../components/feedback/lazy-toast';
import { AuthLayout } from '../components/auth-layout';
import { ExternalSignIn } from '../components/external-signin';
import { Field, LinkButton, PasswordInput, PlainButton, PlainDivider, PlainSwitch, TextInput } from '../components/plain-ui';
import { signIn } from '../api';
import styles from '../components/auth.module.css';

// antd arrives with the dialog, on the first click on 'Reenviar'
const ResendDialog = lazy(() => import('../components/resend-dialog-themed'));

type Values = { email: string; password: string; remember: boolean };
type FieldName = 'email' | 'password';
type Errors = Partial<Record<FieldName, string>>;

const SCHEMAS = { email: SigninBody.shape.email, password: SigninBody.shape.password };

/** The field's message, as the form rules of the other screens (components/form/zod-rule.ts): empty counts as missing. */
function check(name: FieldName, value: string): string | undefined {
  const result = SCHEMAS[name].safeParse(value.trim() === '' ? undefined : value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Valor inválido');
}

/**
 * Login (spec doc 1 §2.6). After sign-in the public-route guard sends the user home. Drawn without antd so the
 * first screen loads fast (issue 8); it looks and behaves as the antd forms: messages under the fields as they
 * change, and on submit also one warning listing them (spec doc 1 §5).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const [values, setValues] = useState<Values>({ email: '', password: '', remember: true });
  const [errors, setErrors] = useState<Errors>({});
  const [resend, setResend] = useState<'closed' | 'open' | 'loaded'>('closed');
  const [submitting, setSubmitting] = useState(false);

  // The external sign-in comes back here on failure, possibly with the reason.
  const failure = params.get('error') ?? params.get('message');
  useEffect(() => {
    if (failure) toastLater.warning(failure);
  }, [failure]);

  const change = (name: FieldName) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: check(name, value) }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = { email: check('email', values.email), password: check('password', values.password) };
    setErrors(found);
    const messages = [...new Set(Object.values(found).filter((m): m is string => Boolean(m)))];
    if (messages.length > 0) {
      (await lazyToast()).warning(messages.join('\n'));
      return;
    }
    setSubmitting(true);
    try {
      const payload = await signIn({ email: values.email.trim().toLowerCase(), password: values.password }, params.get('login_from') ?? undefined);
      startSession(payload, { remember: values.remember });
    } catch (err) {
      toastLater.apiError(err);
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Inicia sesión">
      <form className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field id="email" label="Email" error={errors.email}>
          <TextInput id="email" type="email" autoComplete="email" placeholder="nombre@ejemplo.com" value={values.email} invalid={Boolean(errors.email)} onValue={change('email')} />
        </Field>
        <Field id="password" label="Contraseña" error={errors.password}>
          <PasswordInput
            id="password"
            autoComplete="current-password"
            placeholder="Tu contraseña"
            value={values.password}
            invalid={Boolean(errors.password)}
            onValue={change('password')}
          />
        </Field>
        <div className={styles.row}>
          <label className={styles.links}>
            <PlainSwitch id="remember" label="Recordar" checked={values.remember} onChange={(remember) => setValues((v) => ({ ...v, remember }))} />
            <span>Recordar</span>
          </label>
          <span className={styles.links}>
            <LinkButton onClick={() => setResend('open')}>Reenviar</LinkButton>
            <Link to="/restablecer-password">Reestablecer</Link>
          </span>
        </div>
        <PlainButton primary type="submit" loading={submitting}>
          Ingresar
        </PlainButton>
      </form>
      <PlainDivider>o</PlainDivider>
      <ExternalSignIn />
      <p className={styles.center} style={{ marginTop: 20, marginBottom: 0 }}>
        ¿No tenés cuenta? <Link to="/register">Registrate aquí</Link>
      </p>
      {resend !== 'closed' && (
        <Suspense fallback={null}>
          <ResendDialog open={resend === 'open'} initialEmail={values.email} onClose={() => setResend('loaded')} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
