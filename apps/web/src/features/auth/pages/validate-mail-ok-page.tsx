import { Button, Result, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@fm/domain';
import { formatApiError } from '../../../api/errors';
import { AuthLayout } from '../components/auth-layout';
import { validateEmail } from '../api';

/** Opens the e-mailed link: validates the token once (the query dedupes a double mount) and shows the result. */
export function ValidateMailOkPage() {
  const { token } = useParams();
  const validation = useQuery({
    queryKey: ['email-validation', token],
    queryFn: () => validateEmail(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const signIn = (
    <Link to="/">
      <Button type="primary">Iniciar sesión</Button>
    </Link>
  );

  let body;
  if (!token) body = <Result status="warning" title={MSG.tokenInvalid} extra={signIn} />;
  else if (validation.isPending) body = <Spin size="large" description="Validando tu email..." style={{ display: 'block', margin: '32px auto' }} />;
  else if (validation.isError)
    body = <Result status="warning" title="No pudimos validar tu email" subTitle={formatApiError(validation.error)} extra={signIn} />;
  else body = <Result status="success" title="¡Tu email fue validado!" subTitle="Ya podés iniciar sesión." extra={signIn} />;

  return <AuthLayout title="Validación de email">{body}</AuthLayout>;
}
