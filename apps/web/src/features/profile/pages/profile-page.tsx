import { useState } from 'react';
import { Card, Col, Flex, Row, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PrivatePage } from '../../../router/antd-area';
import { routeByPath } from '../../../router/routes';
import { isPrivate } from '../../../router/route-types';
import { ProfileForm } from '../components/profile-form';
import { ProfileView } from '../components/profile-view';
import { PlanUsage } from '../components/plan-usage';
import { useCity, useProfile } from '../queries';
import { FieldMappingCard } from '../../field-mapping';

/** Tabs of Mi perfil whose content is another screen (spec doc 1 §2.10). */
const LINKED_TABS = [
  { key: 'recursos', label: 'Mis recursos', path: '/mis-recursos' },
  { key: 'equipos', label: 'Equipos', path: '/equipo' },
  { key: 'usuarios', label: 'Usuarios', path: '/usuarios' },
  { key: 'espacios', label: 'Espacios de trabajo', path: '/espacio-trabajo' },
] as const;

function LinkedScreen({ path }: { path: string }) {
  const route = routeByPath(path);
  return route && isPrivate(route) ? <PrivatePage route={route} /> : null;
}

function MyProfile() {
  const profile = useProfile();
  const city = useCity(profile.data?.city_id);
  const [editing, setEditing] = useState(false);
  const cityPending = Boolean(profile.data?.city_id) && city.isLoading;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={15}>
        <Card title={editing ? 'Editar mi perfil' : 'Mi perfil'}>
          {profile.isLoading || !profile.data || cityPending ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : editing ? (
            <ProfileForm profile={profile.data} city={city.data} onDone={() => setEditing(false)} />
          ) : (
            <ProfileView profile={profile.data} city={city.data} onEdit={() => setEditing(true)} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={9}>
        <Flex vertical gap={16}>
          <PlanUsage />
          <FieldMappingCard />
        </Flex>
      </Col>
    </Row>
  );
}

/** /mi-perfil: tabs Mis recursos, Equipos, Usuarios, Espacios de trabajo, Mi perfil (the default, ?tab=perfil). */
export default function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const active = params.get('tab') ?? 'perfil';
  return (
    <Tabs
      activeKey={active}
      onChange={(key) => setParams({ tab: key }, { replace: true })}
      destroyOnHidden
      items={[
        ...LINKED_TABS.map((t) => ({ key: t.key, label: t.label, children: <LinkedScreen path={t.path} /> })),
        { key: 'perfil', label: 'Mi perfil', children: <MyProfile /> },
      ]}
    />
  );
}
