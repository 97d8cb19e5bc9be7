import { useEffect, useState } from 'react';
import { Card, Col, Form, Input, Result, Row, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { applyServerErrors, DateInput, FormActions, FormPage } from '../../../components/form';
import { confirmAction, toast } from '../../../components/feedback';
import { ApiError } from '../../../api/errors';
import { useFarmPlots, useFarms } from '../../land/queries';
import { useCrops } from '../../sowing-plan/queries';
import { useStages } from '../../work-orders/queries';
import { AdversityRows } from '../components/adversity-rows';
import { GpsPoint } from '../components/gps-point';
import { PhotosField } from '../components/photos-field';
import { useMonitoring, useMonitoringMutations } from '../queries';
import { MON_TEXT } from '../texts';
import type { Monitoring, MonitoringPhoto } from '@fm/domain';
import type { MonitoringPayload } from '../types';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Values = {
  farm_id?: number;
  field_id?: number;
  date?: Dayjs | null;
  crop_id?: number | null;
  stage_id?: number | null;
  latitude?: string;
  longitude?: string;
  recommendation?: string;
  observations?: string;
  adversities?: { adversity_id?: number; incidence?: number | null; severity?: number }[];
};

const text = (v: string | undefined) => (v?.trim() ? v.trim() : null);

function toValues(m: Monitoring): Values {
  return {
    farm_id: m.farm_id,
    field_id: m.field_id,
    date: dayjs(m.date),
    crop_id: m.crop_id,
    stage_id: m.stage_id,
    latitude: m.latitude === null ? '' : String(m.latitude),
    longitude: m.longitude === null ? '' : String(m.longitude),
    recommendation: m.recommendation ?? '',
    observations: m.observations ?? '',
    adversities: m.adversities.map((a) => ({ adversity_id: a.adversity_id, incidence: a.incidence, severity: a.severity })),
  };
}

function toPayload(v: Values): MonitoringPayload {
  return {
    farm_id: v.farm_id ?? null,
    field_id: v.field_id ?? null,
    date: v.date ? v.date.format('YYYY-MM-DD') : null,
    crop_id: v.crop_id ?? null,
    stage_id: v.stage_id ?? null,
    latitude: text(v.latitude)?.replace(',', '.') ?? null,
    longitude: text(v.longitude)?.replace(',', '.') ?? null,
    recommendation: text(v.recommendation),
    observations: text(v.observations),
    adversities: (v.adversities ?? []).map((a) => ({ adversity_id: a.adversity_id ?? null, incidence: a.incidence ?? null, severity: a.severity ?? null })),
  };
}

/** Nuevo / Editar monitoreo (/monitoreos/nuevo, /monitoreos/:monitoring_id/editar). */
export default function MonitoringFormPage() {
  const navigate = useNavigate();
  const params = useParams();
  const id = params.monitoring_id ? Number(params.monitoring_id) : undefined;
  const current = useMonitoring(id);
  const [form] = Form.useForm<Values>();
  const farmId = Form.useWatch('farm_id', form);
  const cropId = Form.useWatch('crop_id', form);
  const farms = useFarms('workspace');
  const crops = useCrops();
  const stages = useStages(cropId);
  const { create, update, addPhoto, removePhoto } = useMonitoringMutations();
  const [pending, setPending] = useState<File[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (current.data) form.setFieldsValue(toValues(current.data));
  }, [current.data, form]);

  const plots = (useFarmPlots(farmId).data ?? []).filter((f) => f.active);

  const save = async () => {
    setSaving(true);
    try {
      const body = toPayload(form.getFieldsValue(true) as Values);
      const saved = id ? await update.mutateAsync({ id, body }) : await create.mutateAsync(body);
      const failed: string[] = [];
      for (const file of pending) {
        try {
          await addPhoto.mutateAsync({ id: saved.row.monitoring_id, file });
        } catch (error) {
          failed.push(MON_TEXT.photoFailed(file.name, error instanceof ApiError ? error.message : String(error)));
        }
      }
      setPending([]);
      if (failed.length) toast.error(failed.join('\n'));
      toast.success(saved.message ?? MON_TEXT.saved);
      void navigate(failed.length && !id ? `/monitoreos/${saved.row.monitoring_id}/editar` : '/monitoreos');
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const onRemoveStored = (photo: MonitoringPhoto) =>
    confirmAction({
      confirm: { title: '¿Quitar la foto?', content: photo.original_name, okText: 'Quitar', danger: true },
      run: () => removePhoto.mutateAsync(photo.monitoring_photo_id),
      success: 'Foto eliminada',
      after: () => current.refetch(),
    });

  if (id && current.isLoading) return <Spin />;
  if (id && !current.data) return <Result status="404" title="El monitoreo no existe" />;

  return (
    <FormPage title={id ? MON_TEXT.editTitle : MON_TEXT.newTitle}>
      <Form<Values> form={form} layout="vertical" name="monitoring" initialValues={{ date: dayjs(), adversities: [] }} onFinish={() => void save()}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="farm_id" label="Establecimiento" required>
              <Select
                aria-label="Establecimiento"
                placeholder="Seleccioná el establecimiento"
                loading={farms.isLoading}
                showSearch={SEARCH_BY_LABEL}
                options={(farms.data ?? []).map((f) => ({ value: f.farm_id, label: f.name }))}
                onChange={() => form.setFieldValue('field_id', undefined)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="field_id" label="Lote" required>
              <Select aria-label="Lote" placeholder="Seleccioná el lote" disabled={!farmId} showSearch={SEARCH_BY_LABEL} options={plots.map((p) => ({ value: p.field_id, label: p.name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="date" label="Fecha" required>
              <DateInput aria-label="Fecha" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="crop_id" label="Cultivo">
              <Select
                aria-label="Cultivo"
                allowClear
                placeholder="Seleccioná el cultivo"
                showSearch={SEARCH_BY_LABEL}
                options={(crops.data ?? []).map((c) => ({ value: c.crop_id, label: c.name }))}
                onChange={() => form.setFieldValue('stage_id', null)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="stage_id" label="Estadio">
              <Select aria-label="Estadio" allowClear disabled={!cropId} placeholder="Seleccioná el estadio" options={(stages.data ?? []).map((s) => ({ value: s.stage_id, label: s.name }))} />
            </Form.Item>
          </Col>
        </Row>
        <Card size="small" title="Adversidades" style={{ marginBottom: 16 }}>
          <AdversityRows />
        </Card>
        <Card size="small" title="Fotos" style={{ marginBottom: 16 }}>
          <PhotosField
            stored={current.data?.photos ?? []}
            pending={pending}
            onAdd={(files) => setPending((p) => [...p, ...files])}
            onRemovePending={(file) => setPending((p) => p.filter((f) => f !== file))}
            onRemoveStored={(photo) => void onRemoveStored(photo)}
          />
        </Card>
        <Card size="small" title="Punto GPS (opcional)" style={{ marginBottom: 16 }}>
          <GpsPoint form={form} />
        </Card>
        <Form.Item name="recommendation" label="Recomendación">
          <Input.TextArea aria-label="Recomendación" rows={3} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="observations" label="Observaciones">
          <Input.TextArea aria-label="Observaciones" rows={3} maxLength={2000} showCount />
        </Form.Item>
        <FormActions onCancel={() => void navigate('/monitoreos')} saving={saving} />
      </Form>
    </FormPage>
  );
}
