import { Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { WORK_ORDER_OBSERVATIONS } from '@fm/domain';
import { useAdversities } from '../queries';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

/** Adversidades and Notas with the preset observation choices (spec doc 2 §2.7). */
export function NotesSection({ readOnly }: { readOnly?: boolean }) {
  const adversities = useAdversities();
  return (
    <Row gutter={16}>
      <Col xs={24} lg={12}>
        <Form.Item name="adversities" label="Adversidades">
          <Select
            mode="multiple"
            aria-label="Adversidades"
            placeholder="Malezas, plagas o enfermedades"
            disabled={readOnly}
            loading={adversities.isLoading}
            showSearch={SEARCH_BY_LABEL}
            options={(adversities.data ?? []).map((a) => ({ value: a.adversity_id, label: a.adversity_type ? `${a.name} (${a.adversity_type})` : a.name }))}
          />
        </Form.Item>
        <Form.Item name="notes" label="Notas">
          <Input.TextArea aria-label="Notas" rows={3} maxLength={2000} disabled={readOnly} />
        </Form.Item>
      </Col>
      <Col xs={24} lg={12}>
        <Form.Item name="observations" label="Observaciones">
          <Checkbox.Group disabled={readOnly} style={{ display: 'flex', flexDirection: 'column', gap: 4 }} options={WORK_ORDER_OBSERVATIONS.map((o) => ({ value: o, label: o }))} />
        </Form.Item>
      </Col>
    </Row>
  );
}
