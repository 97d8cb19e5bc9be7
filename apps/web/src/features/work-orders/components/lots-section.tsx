import { Button, Form, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatHectares, type FieldCrop } from '@fm/domain';
import { DecimalInput } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { useCrops, useSequences } from '../../sowing-plan/queries';
import { useStages } from '../queries';
import { WO_TEXT } from '../texts';
import type { FormValues, LotValues } from '../form-values';
import styles from './work-orders.module.css';
import { SEARCH_BY_LABEL, searchBy } from '../../../components/form/option-search';

/** The plot picker searches its options' title (the plot's name; the label adds hectares and crop). */
const SEARCH_BY_TITLE = searchBy('title');

/** Hectares of a season plot (the most a lot row may apply). */
export function plotHectares(fc: FieldCrop | undefined): number | null {
  if (!fc) return null;
  const n = Number(fc.hectares ?? fc.field.hectares);
  return Number.isFinite(n) ? n : null;
}

function StageSelect({ name, cropId, disabled }: { name: number; cropId: number | null | undefined; disabled?: boolean }) {
  const stages = useStages(cropId);
  return (
    <Form.Item name={[name, 'stage_id']}>
      <Select
        aria-label="Estadio"
        placeholder="Estadio"
        allowClear
        disabled={disabled || !cropId}
        loading={stages.isLoading}
        showSearch={SEARCH_BY_LABEL}
        options={(stages.data ?? []).map((s) => ({ value: s.stage_id, label: s.name }))}
      />
    </Form.Item>
  );
}

type Props = { plots: FieldCrop[]; loading: boolean; readOnly?: boolean };

/** Lotes (spec doc 2 §2.7): lot of the chosen plan, hectares to apply (not above the plot's), crop, sequence, stage. */
export function LotsSection({ plots, loading, readOnly }: Props) {
  const form = Form.useFormInstance<FormValues>();
  const planId = Form.useWatch('season_plan_id', form);
  const rows = (Form.useWatch('field_crops', form) ?? []) as LotValues[];
  const crops = useCrops();
  const sequences = useSequences();
  const used = new Set(rows.map((r) => r?.field_crop_id).filter(Boolean));
  const cropOptions = (crops.data ?? []).map((c) => ({ value: c.crop_id, label: c.name }));
  const sequenceOptions = (sequences.data ?? []).map((s) => ({ value: s.crop_sequence_id, label: s.name || 'Sin secuencia' }));

  const pickPlot = (index: number, id: number | undefined) => {
    const fc = plots.find((p) => p.field_crop_id === id);
    form.setFieldValue(['field_crops', index], {
      ...rows[index],
      field_crop_id: id,
      hectares_to_apply: plotHectares(fc),
      crop_id: fc?.crop_id ?? null,
      crop_sequence_id: fc?.crop_sequence_id ?? null,
      stage_id: null,
    });
  };

  return (
    <Form.List name="field_crops">
      {(items, { add, remove }) => (
        <div>
          <div className={`${styles.rowsHeader} ${styles.lotGrid}`}>
            <span>Lote</span>
            <span>Hectáreas a aplicar</span>
            <span>Cultivo</span>
            <span>Secuencia</span>
            <span>Estadio</span>
            <span />
          </div>
          {items.map((item, index) => {
            const row = rows[index] ?? {};
            const max = plotHectares(plots.find((p) => p.field_crop_id === row.field_crop_id));
            return (
              <div key={item.key} className={`${styles.rowBlock} ${styles.lotGrid}`} data-testid="lot-row">
                <div>
                  <span className={styles.cellLabel}>Lote</span>
                  <Form.Item name={[item.name, 'field_crop_id']}>
                    <Select
                      aria-label="Lote"
                      placeholder={planId ? 'Seleccioná un lote' : 'Elegí el establecimiento'}
                      disabled={readOnly}
                      loading={loading}
                      showSearch={SEARCH_BY_TITLE}
                      optionLabelProp="title"
                      onChange={(id: number | undefined) => pickPlot(index, id)}
                      options={plots.map((p) => ({
                        value: p.field_crop_id,
                        title: p.field.name,
                        disabled: used.has(p.field_crop_id) && p.field_crop_id !== row.field_crop_id,
                        label: `${p.field.name} · ${formatHectares(plotHectares(p))} ha${p.crop_name ? ` · ${p.crop_name}` : ''}`,
                      }))}
                    />
                  </Form.Item>
                </div>
                <div>
                  <span className={styles.cellLabel}>Hectáreas a aplicar</span>
                  <Form.Item name={[item.name, 'hectares_to_apply']} extra={readOnly ? undefined : max !== null ? `Máx. ${formatHectares(max)} ha` : '\u00a0' /* holds the line while the plots load: no layout shift */}>
                    <DecimalInput aria-label="Hectáreas a aplicar" decimals={2} min={0} disabled={readOnly} style={{ width: '100%' }} />
                  </Form.Item>
                </div>
                <div>
                  <span className={styles.cellLabel}>Cultivo</span>
                  <Form.Item name={[item.name, 'crop_id']}>
                    <Select
                      aria-label="Cultivo"
                      placeholder="Cultivo"
                      allowClear
                      disabled={readOnly}
                      showSearch={SEARCH_BY_LABEL}
                      options={cropOptions}
                      onChange={() => form.setFieldValue(['field_crops', index, 'stage_id'], null)}
                    />
                  </Form.Item>
                </div>
                <div>
                  <span className={styles.cellLabel}>Secuencia</span>
                  <Form.Item name={[item.name, 'crop_sequence_id']}>
                    <Select aria-label="Secuencia" placeholder="Secuencia" allowClear disabled={readOnly} options={sequenceOptions} />
                  </Form.Item>
                </div>
                <div>
                  <span className={styles.cellLabel}>Estadio</span>
                  <StageSelect name={item.name} cropId={row.crop_id} disabled={readOnly} />
                </div>
                {!readOnly && (
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label="Quitar lote" disabled={items.length === 1} onClick={() => remove(item.name)} />
                )}
              </div>
            );
          })}
          {!readOnly && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => (planId ? add({}) : toast.warning(WO_TEXT.lotWithoutPlan))}
            >
              Agregar lote
            </Button>
          )}
          {!readOnly && plots.length === 0 && planId && !loading && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              Este establecimiento no tiene lotes con cultivo en la campaña: asignalos en Plan de siembra.
            </Typography.Paragraph>
          )}
        </div>
      )}
    </Form.List>
  );
}
