import { Button, Descriptions, Flex, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { EMAIL_CHANGE_MSG, formatPhone } from '@fm/domain';
import type { CityDetail, Profile } from '../api';

/** Mi perfil in view mode. */
export function ProfileView({ profile, city, onEdit }: { profile: Profile; city?: CityDetail; onEdit: () => void }) {
  const place = city ? `${city.name}, ${city.district.name}, ${city.state.name}` : '—';
  return (
    <Flex vertical gap={16}>
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" data-testid="profile-view">
        <Descriptions.Item label="Nombre">{profile.name}</Descriptions.Item>
        <Descriptions.Item label="Apellido">{profile.last_name}</Descriptions.Item>
        <Descriptions.Item label="Teléfono">{profile.phone ? formatPhone(profile.phone) : '—'}</Descriptions.Item>
        <Descriptions.Item label="Ocupación">{profile.occupation ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Email">
          {profile.email}
          {profile.pending_email && (
            <Typography.Text type="warning" style={{ display: 'block' }}>
              {EMAIL_CHANGE_MSG.pending(profile.pending_email)}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Localidad">{place}</Descriptions.Item>
      </Descriptions>
      <Flex justify="end">
        <Button type="primary" icon={<EditOutlined />} onClick={onEdit}>
          Editar
        </Button>
      </Flex>
    </Flex>
  );
}
