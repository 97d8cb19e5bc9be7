import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { afterNextPaint } from '../router/first-paint';
import { useSession } from '../session/hooks';

function initials(name: string, lastName: string): string {
  return `${name.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || 'U';
}

/**
 * True from the first frame painted after mount. antd's Avatar measures its initials on mount (offsetWidth), which
 * inside the shell's first commit forces the layout of the whole new page into that task (~40–60 % of it); mounted
 * a frame later it measures a page already laid out. antd keeps the initials transparent until it has measured them,
 * so the circle looks the same meanwhile.
 */
function useAfterNextPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => afterNextPaint(() => setReady(true)), []);
  return ready;
}

/** Account menu: Mi perfil, Espacios de trabajo, Cerrar sesión (spec doc 1 §2.5). */
export function AccountMenu({ compact }: { compact?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
  const measured = useAfterNextPaint();
  if (!session) return null;
  const { name, last_name } = session.user;
  const items: MenuProps['items'] = [
    { key: '/mi-perfil', icon: <UserOutlined />, label: 'Mi perfil' },
    { key: '/espacio-trabajo', icon: <TeamOutlined />, label: 'Espacios de trabajo' },
    { type: 'divider' },
    { key: '/salir', icon: <LogoutOutlined />, label: 'Cerrar sesión', danger: true },
  ];
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => navigate(key) }} trigger={['click']} placement="bottomRight">
      <Button type="text" aria-label="Mi cuenta" style={{ paddingInline: 4 }}>
        {/* an icon (empty) is not measured; the initials come once the page is painted */}
        <Avatar size="small" style={{ backgroundColor: '#2e7d32' }} icon={measured ? undefined : <span />}>
          {measured ? initials(name, last_name) : null}
        </Avatar>
        {compact ? null : <span>{name}</span>}
      </Button>
    </Dropdown>
  );
}
