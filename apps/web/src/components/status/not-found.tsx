import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../session/hooks';

/** Unknown route, or a route whose feature flag is off (spec doc 1 §2.3). */
export function NotFound() {
  const session = useSession();
  return (
    <Result
      status="404"
      title="404!"
      subTitle="La página que buscás no existe."
      extra={
        <Link to={session ? '/home' : '/'}>
          <Button type="primary">{session ? 'Ir al inicio' : 'Iniciar sesión'}</Button>
        </Link>
      }
    />
  );
}
