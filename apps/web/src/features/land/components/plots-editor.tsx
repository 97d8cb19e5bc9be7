import { useState } from 'react';
import { Button, Form, Input, Space, Tooltip, Typography, Upload } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { formatDate, formatHectares, LAND_MSG, type Boundary, type ImportedBoundary } from '@fm/domain';
import { DecimalInput, requiredRule } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { importBoundary } from '../api';
import { BoundaryPreview } from './boundary-preview';

export type PlotValue = {
  field_id?: number;
  name?: string;
  hectares?: number;
  boundary?: Boundary | null;
  boundary_hectares?: number | null;
  /** Shown, never sent: the last time the plot went to Ambientaciones. */
  field_mapping_synced_at?: string | null;
};

/** Computed area of the imported boundary beside the declared hectares; differences over 5 % stand out. */
function BoundaryArea({ index }: { index: number }) {
  const form = Form.useFormInstance();
  // preserve: the boundary has no input of its own, so it is not a registered field
  const plot = Form.useWatch(['fields', index], { form, preserve: true }) as PlotValue | undefined;
  if (!plot?.boundary_hectares) return <Typography.Text type="secondary">Sin contorno</Typography.Text>;
  const declared = Number(plot.hectares ?? 0);
  const off = declared > 0 && Math.abs(declared - plot.boundary_hectares) / declared > 0.05;
  return (
    <Space direction="vertical" size={0}>
      <Tooltip title="Superficie calculada a partir del contorno importado">
        <Space size={6}>
          {plot.boundary && <BoundaryPreview boundary={plot.boundary} size={28} />}
          <Typography.Text type={off ? 'warning' : 'success'}>Contorno: {formatHectares(plot.boundary_hectares)} ha</Typography.Text>
        </Space>
      </Tooltip>
      {plot.field_mapping_synced_at && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Enviado a Ambientaciones el {formatDate(plot.field_mapping_synced_at)}
        </Typography.Text>
      )}
    </Space>
  );
}

function useImport(onDone: (polygons: ImportedBoundary[]) => void) {
  const [busy, setBusy] = useState(false);
  const run = async (file: File) => {
    setBusy(true);
    try {
      onDone(await importBoundary(file));
    } catch (error) {
      toast.apiError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function ImportButton({ label, onDone, small }: { label: string; onDone: (polygons: ImportedBoundary[]) => void; small?: boolean }) {
  const { busy, run } = useImport(onDone);
  return (
    <Upload
      style={{ display: 'inline-block' }}
      accept=".kml,.kmz"
      showUploadList={false}
      beforeUpload={(file) => {
        void run(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy} size={small ? 'small' : 'middle'} aria-label={label}>
        {small ? undefined : label}
      </Button>
    </Upload>
  );
}

/** Lotes of a farm: name and declared hectares, with boundaries imported from KML/KMZ (computed area shown beside). */
export function PlotsEditor() {
  const form = Form.useFormInstance();
  const setRow = (index: number, polygon: ImportedBoundary) => {
    const rows = (form.getFieldValue('fields') as PlotValue[] | undefined) ?? [];
    const row = rows[index] ?? {};
    form.setFieldValue(['fields', index], { ...row, boundary: polygon.boundary, boundary_hectares: polygon.hectares, hectares: row.hectares ?? polygon.hectares });
  };
  return (
    <Form.List name="fields">
      {(items, { add, remove }) => (
        <div>
          <Space style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
            <Typography.Text strong>Lotes</Typography.Text>
            <Space>
              <ImportButton
                label="Importar KML/KMZ"
                onDone={(polygons) => {
                  const count = ((form.getFieldValue('fields') as PlotValue[] | undefined) ?? []).length;
                  polygons.forEach((p, i) => add({ name: p.name ?? `Lote ${count + i + 1}`, hectares: p.hectares, boundary: p.boundary, boundary_hectares: p.hectares }));
                  toast.success(`${polygons.length} ${polygons.length === 1 ? 'lote importado' : 'lotes importados'}`);
                }}
              />
              <Button icon={<PlusOutlined />} onClick={() => add({})}>
                Agregar lote
              </Button>
            </Space>
          </Space>
          {items.length === 0 && <Typography.Text type="secondary">Sin lotes</Typography.Text>}
          {items.map((item) => (
            <Space key={item.key} align="start" wrap style={{ display: 'flex', marginBottom: 4 }}>
              <Form.Item name={[item.name, 'name']} rules={[requiredRule(LAND_MSG.nameRequired)]} style={{ marginBottom: 8, width: 200 }}>
                <Input placeholder="Nombre del lote" maxLength={120} aria-label="Nombre del lote" />
              </Form.Item>
              <Form.Item name={[item.name, 'hectares']} rules={[requiredRule(LAND_MSG.hectaresPositive), { type: 'number', min: 0.01, message: LAND_MSG.hectaresPositive }]} style={{ marginBottom: 8 }}>
                <DecimalInput min={0} step={0.01} suffix="ha" placeholder="Hectáreas" aria-label="Hectáreas" style={{ width: 140 }} />
              </Form.Item>
              <div style={{ paddingTop: 2, width: 250 }}>
                <BoundaryArea index={item.name} />
              </div>
              <ImportButton small label="Importar contorno" onDone={(polygons) => setRow(item.name, polygons[0])} />
              <Button type="text" danger icon={<DeleteOutlined />} aria-label="Quitar lote" onClick={() => remove(item.name)} />
            </Space>
          ))}
        </div>
      )}
    </Form.List>
  );
}
