import { useMemo } from 'react';
import { Col, Form, Input, Row, Select } from 'antd';
import { SUPPLY_TYPE_ID, type ToxicologicalBand } from '@fm/domain';
import { DecimalInput, requiredRule } from '../../../components/form';
import { FormModal } from '../../../components/form-modal';
import { useReferenceList } from '../../../api/use-list';
import { useBrands, useInventoryMutations, useUnits } from '../queries';
import { INV_MSG, SUPPLY_TYPE_OPTIONS, TOXICOLOGICAL_BAND_OPTIONS } from '../texts';
import type { Supply, SupplyBody } from '../types';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Values = {
  name?: string;
  brand_id?: number | null;
  generic_name?: string;
  concentration?: string;
  formulation_denomination?: string;
  supply_type_id?: number;
  subtype?: string;
  unit_id?: number;
  senasa_registration?: string;
  toxicological_band?: ToxicologicalBand | null;
  eiq_value?: number | null;
  crop_id?: number | null;
};

const SEED_TYPE = SUPPLY_TYPE_ID.SEED;
const opt = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/** Nuevo / Editar insumo propio (issue 9 item 2): the workspace's own supplies; the catalogue is read-only. */
export function SupplyFormModal({ record, open, onClose }: { record: Supply | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { saveSupply } = useInventoryMutations();
  const units = useUnits();
  const brands = useBrands();
  const crops = useReferenceList<{ crop_id: number; name: string }>('crops');
  const typeId = Form.useWatch('supply_type_id', form);
  const initialValues = useMemo<Values>(
    () =>
      record
        ? {
            name: record.name,
            brand_id: record.brand?.brand_id ?? null,
            generic_name: record.generic?.name ?? '',
            concentration: record.concentration ?? '',
            formulation_denomination: record.formulation_denomination ?? '',
            supply_type_id: record.type.supply_type_id,
            subtype: record.subtype ?? '',
            unit_id: record.unit.unit_id,
            senasa_registration: record.senasa_registration ?? '',
            toxicological_band: record.toxicological_band,
            eiq_value: record.eiq_value === null ? null : Number(record.eiq_value),
            crop_id: record.crop_id,
          }
        : { name: '' },
    [record],
  );

  const onSave = async (v: Values) => {
    const body: SupplyBody = {
      name: (v.name ?? '').trim(),
      brand_id: v.brand_id ?? null,
      generic_name: opt(v.generic_name),
      concentration: opt(v.concentration),
      formulation_denomination: opt(v.formulation_denomination),
      supply_type_id: v.supply_type_id ?? 0,
      subtype: opt(v.subtype),
      unit_id: v.unit_id ?? 0,
      senasa_registration: opt(v.senasa_registration),
      toxicological_band: v.toxicological_band ?? null,
      eiq_value: v.eiq_value ?? null,
      crop_id: v.supply_type_id === SEED_TYPE ? (v.crop_id ?? null) : null,
    };
    return { message: await saveSupply.mutateAsync({ id: record?.supply_id, body }) };
  };

  return (
    <FormModal form={form} name="supply-form" title={record ? 'Editar insumo' : 'Nuevo insumo'} open={open} initialValues={initialValues} onSave={onSave} saving={saveSupply.isPending} onClose={onClose} width={720}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="Nombre" rules={[requiredRule(INV_MSG.supplyNameRequired), { whitespace: true, message: INV_MSG.supplyNameRequired }]}>
            <Input maxLength={150} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="brand_id" label="Marca">
            <Select allowClear showSearch={SEARCH_BY_LABEL} loading={brands.isLoading} options={(brands.data ?? []).map((b) => ({ value: b.brand_id, label: b.name }))} aria-label="Marca" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="supply_type_id" label="Tipo" rules={[requiredRule(INV_MSG.supplyTypeRequired)]}>
            <Select options={SUPPLY_TYPE_OPTIONS} aria-label="Tipo" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="unit_id" label="Unidad" rules={[requiredRule(INV_MSG.unitRequired)]}>
            <Select showSearch={SEARCH_BY_LABEL} loading={units.isLoading} options={(units.data ?? []).map((u) => ({ value: u.unit_id, label: u.name }))} aria-label="Unidad" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="generic_name" label="Principio activo">
            <Input maxLength={150} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="concentration" label="Concentración">
            <Input maxLength={60} placeholder="48 %" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="formulation_denomination" label="Formulación">
            <Input maxLength={60} placeholder="SL" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="subtype" label="Subtipo">
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="senasa_registration" label="Registro SENASA">
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="toxicological_band" label="Banda toxicológica">
            <Select allowClear options={TOXICOLOGICAL_BAND_OPTIONS} aria-label="Banda toxicológica" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="eiq_value" label="EIQ">
            <DecimalInput min={0} max={9999} style={{ width: '100%' }} aria-label="EIQ" />
          </Form.Item>
        </Col>
        {typeId === SEED_TYPE && (
          <Col xs={24} md={12}>
            <Form.Item name="crop_id" label="Cultivo">
              <Select allowClear showSearch={SEARCH_BY_LABEL} options={(crops.data ?? []).map((c) => ({ value: c.crop_id, label: c.name }))} aria-label="Cultivo" />
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormModal>
  );
}
