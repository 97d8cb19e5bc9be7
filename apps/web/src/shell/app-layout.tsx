import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Drawer, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, Outlet } from 'react-router';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import { useIsMobile } from './use-is-mobile';
import { useCurrentRoute } from './use-current-route';
import { useSession } from '../session/hooks';
import styles from './shell.module.css';

// only a pending external sign-up shows it: its form, pickers and schemas stay out of every other page load
const FinishSignup = lazy(() => import('../features/onboarding/components/finish-signup').then((m) => ({ default: m.FinishSignup })));

function Brand({ inDrawer }: { inDrawer?: boolean }) {
  return (
    <Link to="/home" className={inDrawer ? styles.brandDrawer : styles.brand}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>Gestión Agro</span>
    </Link>
  );
}

/** Signed-in shell: left menu (drawer below 768 px), top bar, page, and the finish-sign-up step when pending. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const mobile = useIsMobile();
  const session = useSession();
  const route = useCurrentRoute();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const showTopBar = route?.topBar !== false;
  const showSelector = route?.workspaceSelector !== false;
  const openMenu = () => setDrawerOpen(true);

  return (
    <Layout className={styles.root}>
      {!mobile && (
        <Layout.Sider width={240} theme="light" className={styles.sider}>
          <Brand />
          <SideMenu />
        </Layout.Sider>
      )}
      {mobile && (
        <Drawer
          open={drawerOpen}
          placement="left"
          size={280}
          onClose={() => setDrawerOpen(false)}
          title={<Brand inDrawer />}
          styles={{ body: { padding: 8 }, header: { padding: '12px 16px' } }}
        >
          <SideMenu onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      )}
      <Layout>
        {showTopBar && <TopBar mobile={mobile} showWorkspaceSelector={showSelector} onOpenMenu={openMenu} />}
        {!showTopBar && mobile && (
          <div className={styles.miniBar}>
            <Button type="text" icon={<MenuOutlined />} aria-label="Abrir menú" onClick={openMenu} />
            <Brand inDrawer />
          </div>
        )}
        <Layout.Content className={styles.content}>{children ?? <Outlet />}</Layout.Content>
      </Layout>
      {/* an external first sign-in finishes its sign-up on whatever page it lands, before anything else */}
      {session?.user.signup_completed === false && (
        <Suspense fallback={null}>
          <FinishSignup session={session} />
        </Suspense>
      )}
    </Layout>
  );
}
