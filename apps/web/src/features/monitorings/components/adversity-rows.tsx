import { Button, Col, Form, InputNumber, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useAdversities } from '../../work-orders/queries';
import { MON_TEXT, SEVERITIES } from '../texts';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

/** Adversities found: one row each with the adversity, its incidence (% 0-100) and severity (1-5). */
export function AdversityRows() {
  const list = useAdversities();
  const options = (list.data ?? []).map((a) => ({ value: a.adversity_id, label: a.adversity_type ? `${a.name} (${a.adversity_type})` : a.name }));
  return (
    <Form.List name="adversities">
      {(rows, { add, remove }) => (
        <>
          {rows.map((row, i) => (
            <Row gutter={8} key={row.key} align="top">
              <Col xs={24} md={10}>
                <Form.Item name={[row.name, 'adversity_id']} label={i === 0 ? 'Adversidad' : undefined} required>
                  <Select aria-label={`Adversidad ${i + 1}`} placeholder="Seleccioná la adversidad" options={options} showSearch={SEARCH_BY_LABEL} loading={list.isLoading} />
                </Form.Item>
              </Col>
              <Col xs={10} md={6}>
                <Form.Item name={[row.name, 'incidence']} label={i === 0 ? 'Incidencia (%)' : undefined} required>
                  <InputNumber aria-label={`Incidencia ${i + 1}`} min={0} max={100} step={1} decimalSeparator="," style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={10} md={6}>
                <Form.Item name={[row.name, 'severity']} label={i === 0 ? 'Severidad (1-5)' : undefined} required>
                  <Select aria-label={`Severidad ${i + 1}`} options={SEVERITIES} placeholder="1-5" />
                </Form.Item>
              </Col>
              <Col xs={4} md={2}>
                <Form.Item label={i === 0 ? ' ' : undefined}>
                  <Button type="text" danger aria-label={`Quitar adversidad ${i + 1}`} icon={<DeleteOutlined />} onClick={() => remove(row.name)} />
                </Form.Item>
              </Col>
            </Row>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ severity: 1 })} style={{ marginBottom: 16 }}>
            {MON_TEXT.addAdversity}
          </Button>
        </>
      )}
    </Form.List>
  );
}
