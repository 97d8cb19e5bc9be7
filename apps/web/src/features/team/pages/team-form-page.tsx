import { useEffect } from 'react';
import { Form, Input, Select, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ACCESS_MSG, EmailQuery, MSG } from '@fm/domain';
import { FormActions, FormPage, applyServerErrors, requiredRule } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { useAccountUsers } from '../../users/queries';
import { useTeam, useTeamMutations } from '../queries';

type Values = { name: string; members: string[] };

/** Every tag must be an e-mail (the same rule the server applies). */
const membersRule = {
  validator: async (_: unknown, value: string[] | undefined) => {
    const bad = (value ?? []).find((v) => !EmailQuery.shape.email.safeParse(v).success);
    if (bad) throw new Error(`${MSG.emailFormat}: ${bad}`);
  },
};

/** Nuevo / Editar equipo: name and members (people of the account's workspaces, or any e-mail). */
export default function TeamFormPage() {
  const { team_id: raw } = useParams();
  const id = raw ? Number(raw) : undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const team = useTeam(id);
  const people = useAccountUsers();
  const { save } = useTeamMutations();

  useEffect(() => {
    if (team.data) form.setFieldsValue({ name: team.data.name, members: team.data.members.map((m) => m.email) });
  }, [team.data, form]);

  if (id !== undefined && team.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;

  const options = (people.data ?? []).map((p) => ({ value: p.email, label: p.name ? `${p.name} ${p.last_name} (${p.email})` : p.email }));

  const onFinish = async (values: Values) => {
    try {
      const message = await save.mutateAsync({ id, body: { name: values.name, members: (values.members ?? []).map((m) => m.trim().toLowerCase()) } });
      toast.success(message ?? 'Guardado');
      await navigate('/equipo');
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  return (
    <FormPage title={id === undefined ? 'Nuevo equipo' : 'Editar equipo'}>
      <Form<Values> form={form} layout="vertical" initialValues={{ name: '', members: [] }} onFinish={(v) => void onFinish(v)} requiredMark>
        <Form.Item name="name" label="Nombre" rules={[requiredRule(ACCESS_MSG.teamNameRequired), { max: 120 }]}>
          <Input maxLength={120} autoFocus />
        </Form.Item>
        <Form.Item name="members" label="Integrantes" rules={[membersRule]} extra="Elegí usuarios de tus espacios de trabajo o escribí un email y presioná Enter.">
          <Select mode="tags" options={options} loading={people.isLoading} tokenSeparators={[',', ' ', ';']} optionFilterProp="label" placeholder="Emails de los integrantes" notFoundContent="No hay opciones" />
        </Form.Item>
        <FormActions onCancel={() => void navigate('/equipo')} saving={save.isPending} />
      </Form>
    </FormPage>
  );
}
