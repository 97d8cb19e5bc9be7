import { Button, Card, Descriptions, Space, Spin, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { formatDate, formatNumber } from '@fm/domain';
import { useRain } from '../queries';
import { RAIN_TEXT as T } from '../texts';

/** Lluvia (/lluvias/:rain_id): the record, read only, with Editar. */
export default function RainViewPage() {
  const navigate = useNavigate();
  const id = Number(useParams().rain_id);
  const rain = useRain(Number.isInteger(id) && id > 0 ? id : undefined);
  if (rain.isLoading) return <Spin />;
  const r = rain.data;
  if (!r) return <Typography.Text type="secondary">{T.notFound}</Typography.Text>;
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {T.viewTitle} del {formatDate(r.date)}
      </Typography.Title>
      <Card style={{ maxWidth: 720 }}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={T.date}>{formatDate(r.date)}</Descriptions.Item>
          <Descriptions.Item label={T.farm}>{r.farm_name}</Descriptions.Item>
          <Descriptions.Item label={T.plot}>{r.field_name ?? T.allPlots}</Descriptions.Item>
          <Descriptions.Item label={T.millimeters}>{formatNumber(r.millimeters, 1)} mm</Descriptions.Item>
          <Descriptions.Item label={T.observations}>{r.observations ?? '—'}</Descriptions.Item>
        </Descriptions>
        <Space style={{ marginTop: 16 }}>
          <Button onClick={() => void navigate('/lluvias')}>{T.back}</Button>
          <Button type="primary" icon={<EditOutlined />} onClick={() => void navigate(`/lluvias/${r.rain_id}/editar`)}>
            {T.edit}
          </Button>
        </Space>
      </Card>
    </div>
  );
}
