import { useState } from 'react';
import { Alert, Button, Card, Progress, Space, Table, Typography, Upload } from 'antd';
import type { TableColumnType } from 'antd';
import { DeleteOutlined, FileExcelOutlined, InboxOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BULK_MAX_BYTES, BULK_MSG, PAGE_SIZES, formatDate, formatNumber, type BulkMovement } from '@fm/domain';
import { toast } from '../../../components/feedback';
import { listKeys } from '../../../api/use-list';
import { checkFile, downloadTemplate, saveMovements, type BulkCheck } from './bulk-api';

type Stage = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'checking' } | { kind: 'saving'; saved: number; total: number };

const ACCEPT = '.xlsx,.csv';

/** 'Hay errores en los lotes — filas 3 y 9 (B3, B9)': the spec's message, then where. */
export function errorLine(e: BulkCheck['errors'][number]): string {
  const rows = e.rows.length > 12 ? `${e.rows.slice(0, 12).join(', ')} y ${e.rows.length - 12} más` : e.rows.join(', ');
  const cells = e.cells.length > 12 ? `${e.cells.slice(0, 12).join(', ')}…` : e.cells.join(', ');
  return `${e.message} — ${e.rows.length === 1 ? 'fila' : 'filas'} ${rows} (${cells})`;
}

/**
 * Carga masiva de movimientos (/granos/movimiento/carga-masiva; spec doc 3 "Bulk load screen", §5, §9): templates
 * for Excel and Google Sheets, import of a .xlsx or .csv read and checked by the server, the errors by column with
 * their rows and cells, a preview with per-row delete, and the save.
 */
export default function BulkLoadPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [check, setCheck] = useState<BulkCheck | null>(null);
  const [rows, setRows] = useState<BulkMovement[]>([]);
  const [fileName, setFileName] = useState<string | null>(null);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const busy = stage.kind !== 'idle';

  const onFile = async (file: File) => {
    setCheck(null);
    setRows([]);
    setFileName(file.name);
    if (file.size > BULK_MAX_BYTES || !/\.(xlsx|csv)$/i.test(file.name)) {
      toast.error(BULK_MSG.file);
      return;
    }
    setStage({ kind: 'uploading', percent: 0 });
    try {
      const result = await checkFile(file, (percent) => setStage(percent >= 100 ? { kind: 'checking' } : { kind: 'uploading', percent }));
      setCheck(result);
      setRows(result.movements);
      if (result.errors.length) toast.error(result.errors.map((e) => e.message).join('\n'));
    } catch (error) {
      toast.apiError(error);
    } finally {
      setStage({ kind: 'idle' });
    }
  };

  const onSave = async () => {
    if (!rows.length) return;
    setStage({ kind: 'saving', saved: 0, total: rows.length });
    try {
      await saveMovements(rows, (saved) => setStage({ kind: 'saving', saved, total: rows.length }));
      toast.success(BULK_MSG.loaded);
      await client.invalidateQueries({ queryKey: listKeys.all('grains/movements') });
      void navigate('/granos/movimientos');
    } catch (error) {
      toast.apiError(error);
    } finally {
      setStage({ kind: 'idle' });
    }
  };

  const columns: TableColumnType<BulkMovement>[] = [
    { title: 'Fila', dataIndex: 'row', width: 60 },
    { title: 'Campaña - Empresa - Establecimiento', key: 'farm', render: (_: unknown, r) => r.labels.farm },
    { title: 'Lote', key: 'plot', render: (_: unknown, r) => r.labels.plot },
    { title: 'Destino', key: 'destination', render: (_: unknown, r) => r.labels.destination },
    { title: 'Fecha de carga', dataIndex: 'load_date', width: 110, render: (v: string) => formatDate(v) },
    { title: 'Transporte', key: 'transport', render: (_: unknown, r) => [r.labels.transport, r.labels.driver].filter(Boolean).join(' - ') },
    { title: 'Tn', dataIndex: 'origin_tons', align: 'right', width: 90, render: (v: string) => formatNumber(v, 2) },
    { title: 'Humedad (%)', dataIndex: 'origin_humidity', align: 'right', width: 100, render: (v: string) => formatNumber(v, 2) },
    { title: 'Flete (US$/tn)', dataIndex: 'freight_price', align: 'right', width: 110, render: (v: string) => formatNumber(v, 2) },
    {
      title: '',
      key: 'actions',
      width: 56,
      render: (_: unknown, r) => (
        <Button type="text" danger aria-label={`Quitar fila ${r.row}`} icon={<DeleteOutlined />} onClick={() => setRows((prev) => prev.filter((x) => x.row !== r.row))} />
      ),
    },
  ];

  const hasErrors = !!check?.errors.length;
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Carga masiva de movimientos
      </Typography.Title>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small" title="1. Descargá la plantilla">
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            La plantilla tiene 20 filas en blanco. En Excel, los establecimientos, lotes, destinos, socios, transportes y choferes se eligen de listas desplegables con los datos de este espacio de trabajo. Fechas en formato DD/MM/AAAA; toneladas y humedad con coma decimal (hasta 3 decimales).
          </Typography.Paragraph>
          <Space wrap>
            <Button icon={<FileExcelOutlined />} onClick={() => void downloadTemplate('xlsx').catch(toast.apiError)}>
              Plantilla para Excel
            </Button>
            <Button icon={<FileExcelOutlined />} onClick={() => void downloadTemplate('csv').catch(toast.apiError)}>
              Plantilla para Google Sheets
            </Button>
          </Space>
        </Card>
        <Card size="small" title="2. Importá el archivo completo">
          <Upload.Dragger
            accept={ACCEPT}
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void onFile(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">Arrastrá el archivo .xlsx o .csv, o hacé clic para elegirlo</p>
            <p className="ant-upload-hint">{fileName ?? 'Hasta 25 MB y 100.000 filas'}</p>
          </Upload.Dragger>
          {stage.kind === 'uploading' && <Progress percent={stage.percent} status="active" aria-label="Subiendo el archivo" />}
          {stage.kind === 'checking' && <Progress percent={100} status="active" format={() => 'Validando…'} aria-label="Validando el archivo" />}
        </Card>
        {check && (
          <Card size="small" title={`3. Revisá y guardá (${rows.length} de ${check.total_rows} filas listas)`}>
            {hasErrors && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 12 }}
                title="Corregí estas celdas en el archivo y volvé a importarlo:"
                description={
                  <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="bulk-errors">
                    {check.errors.map((e) => (
                      <li key={e.column}>{errorLine(e)}</li>
                    ))}
                  </ul>
                }
              />
            )}
            <Table<BulkMovement>
              rowKey={(r) => r.row}
              columns={columns}
              dataSource={rows}
              size="small"
              scroll={{ x: 1100 }}
              locale={{ emptyText: 'Sin resultados' }}
              pagination={{ pageSize, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true, onShowSizeChange: (_c, s) => setPageSize(s) }}
            />
            {stage.kind === 'saving' && <Progress percent={Math.round((stage.saved / stage.total) * 100)} status="active" format={() => `${stage.saved} de ${stage.total}`} aria-label="Guardando" />}
          </Card>
        )}
        <Space>
          <Button onClick={() => void navigate('/granos/movimientos')}>Volver al listado</Button>
          <Button type="primary" disabled={!rows.length || hasErrors || busy} loading={stage.kind === 'saving'} onClick={() => void onSave()}>
            Guardar
          </Button>
        </Space>
      </Space>
    </div>
  );
}
