import { useEffect } from 'react';
import { Button, Flex, Form, Input } from 'antd';
import { EMAIL_CHANGE_MSG, MSG, ProfileBody, localPhone, normalizePhone } from '@fm/domain';
import { zodRule, requiredRule, applyServerErrors, warnValidation } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { isApiError } from '../../../api/errors';
import { LocationPickers, type LocationValues } from '../../../components/location-pickers';
import { PersonFields } from '../../../components/person-fields';
import type { CityDetail, Profile } from '../api';
import { useSaveProfile } from '../queries';

type Values = LocationValues & { name: string; last_name: string; phone: string; occupation?: string; email: string };

const f = ProfileBody.shape;

/** Mi perfil in edit mode (spec doc 1 §2.10, §5): the spec's messages, 'Editado correctamente' on success. */
export function ProfileForm({ profile, city, onDone }: { profile: Profile; city?: CityDetail; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveProfile();

  useEffect(() => {
    form.setFieldsValue({
      name: profile.name,
      last_name: profile.last_name,
      phone: localPhone(profile.phone),
      occupation: profile.occupation ?? undefined,
      email: profile.email,
      province_id: city?.state.state_id,
      district_id: city?.district.district_id,
      city_id: city?.city_id,
    });
  }, [form, profile, city]);

  const onFinish = async (v: Values) => {
    try {
      const { message } = await save.mutateAsync({
        name: v.name.trim(),
        last_name: v.last_name.trim(),
        phone: normalizePhone(v.phone),
        occupation: v.occupation,
        city_id: Number(v.city_id),
        email: v.email.trim().toLowerCase(),
      });
      // a new e-mail waits for its confirmation link: the server's message says where it went
      toast.success(message ?? MSG.profileOk);
      onDone();
    } catch (err) {
      // field messages for a 422; otherwise the spec's failure text
      if (isApiError(err) && err.status === 422) applyServerErrors(form, err);
      else toast.warning(MSG.profileError);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={onFinish} onFinishFailed={warnValidation} requiredMark={false} data-testid="profile-form">
      <PersonFields
        rules={f}
        required={{ name: MSG.nameMin, last_name: MSG.lastNameMin, phone: MSG.phoneEmpty, occupation: MSG.roleRequired }}
        email={
          <Form.Item
            name="email"
            label="Email"
            rules={[requiredRule(MSG.emailInvalid), zodRule(f.email)]}
            extra={profile.pending_email ? EMAIL_CHANGE_MSG.pending(profile.pending_email) : undefined}
          >
            <Input type="email" maxLength={254} autoComplete="email" />
          </Form.Item>
        }
      />
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
