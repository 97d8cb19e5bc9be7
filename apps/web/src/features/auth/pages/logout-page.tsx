import { useEffect, useRef } from 'react';
import { Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearSession, getSession } from '../../../session/session-store';
import { signOut } from '../api';

/** /salir: revokes the token (a failure does not matter), clears the session and goes to sign-in. */
export function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = getSession()?.token;
    const revoke = token ? signOut(token).catch(() => undefined) : Promise.resolve();
    void revoke.finally(() => {
      clearSession();
      queryClient.clear();
      navigate('/', { replace: true });
    });
  }, [navigate, queryClient]);

  return <Spin size="large" description="Cerrando sesión..." fullscreen />;
}
