import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { LogoutOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useSession } from '../session/hooks';

function initials(name: string, lastName: string): string {
  return `${name.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || 'U';
}

/** Account menu: Mi perfil, Espacios de trabajo, Cerrar sesión (spec doc 1 §2.5). */
export function AccountMenu({ compact }: { compact?: boolean }) {
  const session = useSession();
  const navigate = useNavigate();
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
        <Avatar size="small" style={{ backgroundColor: '#2e7d32' }}>
          {initials(name, last_name)}
        </Avatar>
        {compact ? null : <span>{name}</span>}
      </Button>
    </Dropdown>
  );
}
