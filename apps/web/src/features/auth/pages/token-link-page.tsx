import type { ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@fm/domain';
import { formatApiError } from '../../../api/errors';
import { AuthLayout } from '../components/auth-layout';

type Props<T> = {
  /** Page title (AuthLayout) and query-key name. */
  title: string;
  name: string;
  /** Spends the link's token once; the query dedupes a double mount. */
  run: (token: string) => Promise<T>;
  pending: string;
  failure: string;
  success: (result: T) => { title: string; subTitle: ReactNode };
};

/** A page that opens an e-mailed single-use link (/<path>/:token): spends the token and shows the result. */
export function TokenLinkPage<T>({ title, name, run, pending, failure, success }: Props<T>) {
  const { token } = useParams();
  const spent = useQuery({
    queryKey: [name, token],
    queryFn: () => run(token ?? ''),
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
  else if (spent.isPending) body = <Spin size="large" description={pending} style={{ display: 'block', margin: '32px auto' }} />;
  else if (spent.isError) body = <Result status="warning" title={failure} subTitle={formatApiError(spent.error)} extra={signIn} />;
  else body = <Result status="success" {...success(spent.data)} extra={signIn} />;

  return <AuthLayout title={title}>{body}</AuthLayout>;
}
