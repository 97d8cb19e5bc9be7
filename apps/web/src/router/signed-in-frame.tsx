import { useMatches } from 'react-router';
import { formatDate } from '@fm/domain';
import { useCurrentWorkspace, useSession } from '../session/hooks';
import type { RouteHandle } from './route-types';
import styles from './signed-in-frame.module.css';

/**
 * What a signed-in load shows while antd, the shell and the page load (router.tsx): the shell's frame drawn with
 * plain markup (the entry holds no antd, decision 0012) and, on Inicio, the greeting from the stored session, so
 * the first paint comes with the entry chunk instead of after everything else.
 */
export function SignedInFrame() {
  const session = useSession();
  const workspace = useCurrentWorkspace();
  const route = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.route)
    .find(Boolean);
  // signed-out visits to a private route and the open routes (sign-out, SSO) have nothing to frame
  if (!session || !route || route.access === 'open' || route.access === 'public') return null;
  return (
    <div className={styles.root} aria-busy="true">
      <div className={styles.sider}>
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Gestión Agro</span>
        </div>
      </div>
      <div className={styles.main}>
        <div className={styles.topBar} />
        {route.path === '/home' && (
          <div className={styles.content}>
            <div className={styles.card}>
              <h2 className={styles.greeting}>Hola, {session.user.name}</h2>
              <span className={styles.secondary}>
                {formatDate(new Date())}
                {workspace ? ` · ${workspace.name}` : ''}
              </span>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
