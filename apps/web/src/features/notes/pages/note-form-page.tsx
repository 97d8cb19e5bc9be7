import { useEffect, useState } from 'react';
import { Button, Form, Input, List, Select, Spin, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { NOTE_MSG, NOTE_TEXT_MAX, NOTE_TITLE_MAX, type NoteAttachment, type NoteInput } from '@fm/domain';
import { formatApiError } from '../../../api/errors';
import { confirmAction, toast } from '../../../components/feedback';
import { applyServerErrors, FormActions, FormPage, requiredRule } from '../../../components/form';
import { useFarmPlots, useFarms } from '../../land/queries';
import { notesApi } from '../api';
import { useNote, useNoteMutations } from '../queries';
import { NOTE_TEXT as T } from '../texts';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Values = { title?: string; text?: string; farm_id?: number | null; field_id?: number | null };
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';

/** Nueva nota (/notas/nueva) and Editar nota (/notas/:note_id/editar): title, text, farm/plot, attachments. */
export default function NoteFormPage() {
  const navigate = useNavigate();
  const params = useParams();
  const id = params.note_id ? Number(params.note_id) : undefined;
  const note = useNote(id);
  const farms = useFarms('workspace');
  const { create, update, attach, detach } = useNoteMutations();
  const [form] = Form.useForm<Values>();
  const [pending, setPending] = useState<File[]>([]);
  const farmId = Form.useWatch('farm_id', form);
  const plots = useFarmPlots(farmId).data ?? [];

  useEffect(() => {
    if (note.data) form.setFieldsValue({ title: note.data.title, text: note.data.text, farm_id: note.data.farm_id, field_id: note.data.field_id });
  }, [note.data, form]);

  if (id !== undefined && note.isLoading) return <Spin />;
  if (id !== undefined && !note.data) return <Typography.Text type="secondary">{T.notFound}</Typography.Text>;

  const onFinish = async (v: Values) => {
    const body: NoteInput = { title: v.title ?? '', text: v.text ?? '', farm_id: v.farm_id ?? null, field_id: v.field_id ?? null };
    let saved;
    try {
      saved = id === undefined ? await create.mutateAsync(body) : await update.mutateAsync({ id, body });
    } catch (error) {
      applyServerErrors(form, error);
      return;
    }
    // the note exists now: its new files go one by one; a refused file is named and the others still go
    for (const file of pending) {
      try {
        await attach.mutateAsync({ id: saved.note_id, file });
      } catch (error) {
        toast.error(formatApiError(error), file.name);
        void navigate(`/notas/${saved.note_id}/editar`);
        setPending([]);
        return;
      }
    }
    toast.success(id === undefined ? NOTE_MSG.created : NOTE_MSG.updated);
    void navigate('/notas');
  };

  const onDetach = (a: NoteAttachment) =>
    confirmAction({
      confirm: { title: T.confirmDetach, content: a.original_name, okText: T.delete, danger: true },
      run: () => detach.mutateAsync(a.note_attachment_id),
      success: 'Adjunto eliminado',
    });

  const onDownload = async (a: NoteAttachment) => {
    try {
      await notesApi.download(a);
    } catch (error) {
      toast.apiError(error);
    }
  };

  const attached = note.data?.attachments ?? [];
  return (
    <FormPage title={id === undefined ? T.newTitle : T.editTitle}>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void onFinish(v)}>
        <Form.Item name="title" label={T.title} rules={[requiredRule(NOTE_MSG.titleRequired), { max: NOTE_TITLE_MAX, message: NOTE_MSG.textTooLong(NOTE_TITLE_MAX) }]}>
          <Input maxLength={NOTE_TITLE_MAX} />
        </Form.Item>
        <Form.Item name="text" label={T.text} rules={[requiredRule(NOTE_MSG.textRequired), { max: NOTE_TEXT_MAX, message: NOTE_MSG.textTooLong(NOTE_TEXT_MAX) }]}>
          <Input.TextArea rows={6} maxLength={NOTE_TEXT_MAX} showCount />
        </Form.Item>
        <Form.Item name="farm_id" label={T.farm} extra="Opcional.">
          <Select
            allowClear
            placeholder="Seleccioná el establecimiento"
            showSearch={SEARCH_BY_LABEL}
            loading={farms.isLoading}
            options={(farms.data ?? []).map((f) => ({ value: f.farm_id, label: f.name }))}
            onChange={() => form.setFieldValue('field_id', null)}
          />
        </Form.Item>
        <Form.Item name="field_id" label={T.plot} extra="Opcional: un lote del establecimiento elegido.">
          <Select allowClear placeholder="Seleccioná el lote" disabled={!farmId} showSearch={SEARCH_BY_LABEL} options={plots.map((p) => ({ value: p.field_id, label: p.name }))} />
        </Form.Item>
        <Form.Item label={T.attachments} extra={T.uploadHint}>
          {attached.length > 0 && (
            <List
              size="small"
              dataSource={attached}
              style={{ marginBottom: 8 }}
              renderItem={(a) => (
                <List.Item
                  actions={[
                    <Button key="dl" type="text" size="small" aria-label={`${T.download} ${a.original_name}`} icon={<DownloadOutlined />} onClick={() => void onDownload(a)} />,
                    <Button key="rm" type="text" size="small" danger aria-label={`${T.delete} ${a.original_name}`} icon={<DeleteOutlined />} onClick={() => void onDetach(a)} />,
                  ]}
                >
                  <PaperClipOutlined /> {a.original_name}
                </List.Item>
              )}
            />
          )}
          <Upload
            accept={ACCEPT}
            multiple
            fileList={pending.map((f, i) => ({ uid: `${i}-${f.name}`, name: f.name, status: 'done' as const }))}
            beforeUpload={(file) => {
              setPending((p) => [...p, file]);
              return false;
            }}
            onRemove={(f) => setPending((p) => p.filter((x, i) => `${i}-${x.name}` !== f.uid))}
          >
            <Button icon={<UploadOutlined />}>{T.upload}</Button>
          </Upload>
        </Form.Item>
        <FormActions onCancel={() => void navigate('/notas')} saving={create.isPending || update.isPending || attach.isPending} />
      </Form>
    </FormPage>
  );
}
