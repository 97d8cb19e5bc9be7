import { useEffect, useRef } from 'react';
import { Spin } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isSsoCode } from '@fm/domain';
import { startSession } from '../../../session/session-store';
import { toast } from '../../../components/feedback/toast';
import { AuthLayout } from '../components/auth-layout';
import { exchangeSsoCode, renewSession } from '../api';

/** Only an in-app path: letters, digits, dashes and slashes (never `//host`). */
export function safeTarget(page: string | undefined): string {
  const clean = (page ?? 'home').replace(/^\/+/, '');
  return /^[a-z0-9\-/]*$/i.test(clean) && clean !== '' ? `/${clean}` : '/home';
}

/** /sso/:page/:token: signs in with the token, marks the session as single sign-on, goes to /:page (spec doc 1 §2.1). */
export function SsoPage() {
  const { page, token } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const mobile = params.get('login_from') === 'mobile';
    if (!token) {
      navigate('/', { replace: true });
      return;
    }
    // an external sign-in sends a single-use code; a mobile app sends its access token (doc 0004)
    const open = isSsoCode(token) ? exchangeSsoCode : renewSession;
    open(token, mobile ? 'mobile' : undefined)
      .then((payload) => {
        startSession(payload, { remember: !mobile, sso: { mobile } });
        navigate(safeTarget(page), { replace: true });
      })
      .catch((err: unknown) => {
        toast.apiError(err);
        navigate('/', { replace: true });
      });
  }, [navigate, page, params, token]);

  return (
    <AuthLayout title="Ingresando">
      <Spin size="large" style={{ display: 'block', margin: '32px auto' }} />
    </AuthLayout>
  );
}
