import { Card, Col, Row, Typography } from 'antd';
import { AppstoreAddOutlined, BellOutlined, FolderOpenOutlined, TeamOutlined, UserOutlined, UsergroupAddOutlined, ClusterOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ReactNode } from 'react';

const ENTRIES: { to: string; title: string; text: string; icon: ReactNode }[] = [
  { to: '/mis-recursos', title: 'Mis recursos', text: 'Empresas, establecimientos y lotes.', icon: <FolderOpenOutlined /> },
  { to: '/equipo', title: 'Equipo', text: 'Personas que trabajan en tus campos.', icon: <TeamOutlined /> },
  { to: '/usuarios', title: 'Usuarios', text: 'Invitaciones y permisos por espacio.', icon: <UsergroupAddOutlined /> },
  { to: '/espacio-trabajo', title: 'Espacios de trabajo', text: 'Propios y compartidos.', icon: <ClusterOutlined /> },
  { to: '/mi-perfil', title: 'Mi perfil', text: 'Tus datos, tu plan y tus adicionales.', icon: <UserOutlined /> },
  { to: '/notificaciones', title: 'Notificaciones', text: 'Todos tus avisos.', icon: <BellOutlined /> },
  { to: '/adquirir-adicionales', title: 'Adicionales', text: 'Usuarios, empresas, reportes y recetas.', icon: <AppstoreAddOutlined /> },
];

/** Configuración: entry point to the account screens. */
export default function SettingsPage() {
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Configuración
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {ENTRIES.map((e) => (
          <Col key={e.to} xs={24} sm={12} lg={8}>
            <Link to={e.to}>
              <Card hoverable>
                <Card.Meta avatar={<span style={{ fontSize: 24 }}>{e.icon}</span>} title={e.title} description={e.text} />
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  );
}
