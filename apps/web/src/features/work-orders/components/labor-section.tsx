import { Col, Form, Row, Select } from 'antd';
import { DateInput, DecimalInput } from '../../../components/form';
import { useResourceOptions } from '../../resources/queries';
import { useLabors } from '../queries';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

/** Labor, contratista, precio por ha, tipo de cambio, inicio and fin (spec doc 2 §2.7). */
export function LaborSection({ readOnly, onLabor }: { readOnly?: boolean; onLabor?: (laborId: number | undefined) => void }) {
  const labors = useLabors();
  const contractors = useResourceOptions('contractors', 'contractor_id', 'workspace');
  return (
    <Row gutter={16}>
      <Col xs={24} md={12} lg={8}>
        <Form.Item name="labor_id" label="Labor" required>
          <Select
            aria-label="Labor"
            placeholder="Seleccioná una labor"
            disabled={readOnly}
            loading={labors.isLoading}
            showSearch={SEARCH_BY_LABEL}
            options={(labors.data ?? []).map((l) => ({ value: l.labor_id, label: l.name }))}
            onChange={(id: number | undefined) => onLabor?.(id)}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12} lg={8}>
        <Form.Item name="contractor_id" label="Contratista">
          <Select
            aria-label="Contratista"
            placeholder="Seleccioná un contratista"
            allowClear
            disabled={readOnly}
            loading={contractors.isLoading}
            showSearch={SEARCH_BY_LABEL}
            options={contractors.data ?? []}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6} lg={4}>
        <Form.Item name="price" label="Precio ($/ha)">
          <DecimalInput aria-label="Precio labor" decimals={2} min={0} disabled={readOnly} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6} lg={4}>
        <Form.Item name="exchange_rate" label="Tipo de cambio" required>
          <DecimalInput aria-label="Tipo de cambio" decimals={2} min={0} disabled={readOnly} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6} lg={4}>
        <Form.Item name="labor_start_date" label="Inicio" required>
          <DateInput aria-label="Inicio" disabled={readOnly} style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6} lg={4}>
        <Form.Item name="labor_end_date" label="Fin" required>
          <DateInput aria-label="Fin" disabled={readOnly} style={{ width: '100%' }} allowClear={false} />
        </Form.Item>
      </Col>
    </Row>
  );
}
