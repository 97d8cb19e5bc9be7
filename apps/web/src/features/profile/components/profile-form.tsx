import { useEffect } from 'react';
import { Button, Col, Flex, Form, Input, Row, Select } from 'antd';
import { MSG, OCCUPATIONS, ProfileBody, normalizePhone } from '@fm/domain';
import { zodRule, requiredRule, applyServerErrors, warnValidation } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { isApiError } from '../../../api/errors';
import { LocationPickers, type LocationValues } from '../../auth/components/location-pickers';
import type { CityDetail, Profile } from '../api';
import { useSaveProfile } from '../queries';

type Values = LocationValues & { name: string; last_name: string; phone: string; occupation?: string; email: string };

const f = ProfileBody.shape;

/** The number without the +54 9 prefix the field shows apart. */
function phoneRest(phone: string | null): string {
  return phone ? phone.replace(/^\+549/, '') : '';
}

/** Mi perfil in edit mode (spec doc 1 §2.10, §5): the spec's messages, 'Editado correctamente' on success. */
export function ProfileForm({ profile, city, onDone }: { profile: Profile; city?: CityDetail; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveProfile();

  useEffect(() => {
    form.setFieldsValue({
      name: profile.name,
      last_name: profile.last_name,
      phone: phoneRest(profile.phone),
      occupation: profile.occupation ?? undefined,
      email: profile.email,
      province_id: city?.state.state_id,
      district_id: city?.district.district_id,
      city_id: city?.city_id,
    });
  }, [form, profile, city]);

  const onFinish = async (v: Values) => {
    try {
      await save.mutateAsync({
        name: v.name.trim(),
        last_name: v.last_name.trim(),
        phone: normalizePhone(v.phone),
        occupation: v.occupation,
        city_id: Number(v.city_id),
        email: v.email.trim().toLowerCase(),
      });
      toast.success(MSG.profileOk);
      onDone();
    } catch (err) {
      // field messages for a 422; otherwise the spec's failure text
      if (isApiError(err) && err.status === 422) applyServerErrors(form, err);
      else toast.warning(MSG.profileError);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={onFinish} onFinishFailed={warnValidation} requiredMark={false} data-testid="profile-form">
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="Nombre" rules={[requiredRule(MSG.nameMin), zodRule(f.name)]}>
            <Input maxLength={100} autoComplete="given-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="last_name" label="Apellido" rules={[requiredRule(MSG.lastNameMin), zodRule(f.last_name)]}>
            <Input maxLength={100} autoComplete="family-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label="Teléfono" rules={[requiredRule(MSG.phoneEmpty), zodRule(f.phone)]} extra="Código de área sin 0 y número sin 15">
            <Input prefix="+54 9" inputMode="tel" maxLength={20} autoComplete="tel-national" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="occupation" label="Ocupación" rules={[requiredRule(MSG.roleRequired)]}>
            <Select placeholder="Seleccioná tu ocupación" options={OCCUPATIONS.map((o) => ({ value: o, label: o }))} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="email" label="Email" rules={[requiredRule(MSG.emailInvalid), zodRule(f.email)]}>
            <Input type="email" maxLength={254} autoComplete="email" />
          </Form.Item>
        </Col>
      </Row>
      <LocationPickers />
      <Flex gap={8} justify="end">
        <Button onClick={onDone}>Cancelar</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Guardar
        </Button>
      </Flex>
    </Form>
  );
}
