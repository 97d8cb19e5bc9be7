import { useState } from 'react';
import { Button, Col, Form, Input, Row } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import type { FormInstance } from 'antd';
import { toast } from '../../../components/feedback';
import { MON_TEXT } from '../texts';

/** Optional GPS point: latitude and longitude by hand, or 'Usar mi ubicación' (navigator.geolocation). */
export function GpsPoint({ form }: { form: FormInstance }) {
  const [locating, setLocating] = useState(false);
  const locate = () => {
    if (!('geolocation' in navigator)) {
      toast.error(MON_TEXT.noGeolocation);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        form.setFieldsValue({ latitude: pos.coords.latitude.toFixed(6), longitude: pos.coords.longitude.toFixed(6) });
      },
      () => {
        setLocating(false);
        toast.error(MON_TEXT.locationDenied);
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };
  return (
    <Row gutter={16} align="bottom">
      <Col xs={24} md={8}>
        <Form.Item name="latitude" label="Latitud">
          <Input aria-label="Latitud" placeholder="-34.603722" inputMode="decimal" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="longitude" label="Longitud">
          <Input aria-label="Longitud" placeholder="-58.381592" inputMode="decimal" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item>
          <Button icon={<AimOutlined />} loading={locating} onClick={locate}>
            {MON_TEXT.useLocation}
          </Button>
        </Form.Item>
      </Col>
    </Row>
  );
}
