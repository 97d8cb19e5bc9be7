import { Button } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { HelpMenu } from './help-menu';
import { AccountMenu } from './account-menu';
import { NotificationBell } from './notification-bell';
import { WorkspaceSelector } from './workspace-selector';
import styles from './shell.module.css';

type Props = { mobile: boolean; showWorkspaceSelector: boolean; onOpenMenu: () => void };

/** Top bar (spec doc 1 §2.5): workspace selector, Ayuda, notifications, account. */
export function TopBar({ mobile, showWorkspaceSelector, onOpenMenu }: Props) {
  return (
    <header className={styles.topBar}>
      <div className={styles.topLeft}>
        {mobile && <Button type="text" icon={<MenuOutlined />} aria-label="Abrir menú" onClick={onOpenMenu} />}
        {showWorkspaceSelector && <WorkspaceSelector compact={mobile} />}
      </div>
      <div className={styles.topRight}>
        <HelpMenu compact={mobile} />
        <NotificationBell />
        <AccountMenu compact={mobile} />
      </div>
    </header>
  );
}
