import type { ReactNode } from 'react';
import { Col, Form, Input, Row, Select, type FormRule } from 'antd';
import { OCCUPATIONS } from '@fm/domain';
import { requiredRule, zodRule } from '../form';

type Parsable = Parameters<typeof zodRule>[0];
type Field = 'name' | 'last_name' | 'phone' | 'occupation';

/**
 * Name, last name, phone (+54 9, spec doc 1 §5) and occupation, as registration, the finish-sign-up step and the
 * profile ask them. `rules` are the payload's field schemas; `required` gives the message for a field left empty
 * where the schema makes it optional (the profile edit). `email` goes after the last name when the form has one.
 */
export function PersonFields({ rules, required, email }: { rules: Record<Field, Parsable>; required?: Record<Field, string>; email?: ReactNode }) {
  const rule = (field: Field): FormRule[] => [...(required ? [requiredRule(required[field])] : []), zodRule(rules[field])];
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item name="name" label="Nombre" rules={rule('name')}>
          <Input autoComplete="given-name" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="last_name" label="Apellido" rules={rule('last_name')}>
          <Input autoComplete="family-name" maxLength={100} />
        </Form.Item>
      </Col>
      {email && (
        <Col xs={24} sm={12}>
          {email}
        </Col>
      )}
      <Col xs={24} sm={12}>
        <Form.Item name="phone" label="Teléfono" rules={rule('phone')} extra="Código de área sin 0 y número sin 15">
          <Input prefix="+54 9" autoComplete="tel-national" inputMode="tel" placeholder="11 1234-5678" maxLength={20} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={email ? 24 : 12}>
        <Form.Item name="occupation" label="Ocupación" rules={rule('occupation')}>
          <Select placeholder="Seleccioná tu ocupación" options={OCCUPATIONS.map((o) => ({ value: o, label: o }))} />
        </Form.Item>
      </Col>
    </Row>
  );
}
