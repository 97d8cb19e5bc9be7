import { useMemo, useState } from 'react';
import { Button, Card, Descriptions, InputNumber, Select, Space, Spin, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { formatDate, formatNumber } from '@fm/domain';
import { emptyText } from '../../../components/data-table';
import { DateInput } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { tons as fmtTons } from '../format';
import { useContractMutations, useGrainStock, useOpenContracts, useStockMovements } from '../queries';
import { CONTRACT_UI } from '../texts';
import type { StockMovement } from '../types';

/** Tons as whole kilograms (3 decimals), compared without float error. */
const milli = (v: string | number) => Math.round(Number(v) * 1000);
const remainingOf = (m: StockMovement) => m.remaining_tons;

/**
 * Aplicar toneladas a un contrato (/entregas/{stock_id}): the stock's received movements with what each still holds;
 * the user picks movements and tons, a contract that is not Cumplido and the delivery date, and applies them.
 */
export default function ApplyTonsPage() {
  const stockId = Number(useParams().stock_id);
  const navigate = useNavigate();
  const stock = useGrainStock(stockId);
  const movements = useStockMovements(stockId);
  const contracts = useOpenContracts(stock.data?.crop_id);
  const { apply } = useContractMutations();
  const [selected, setSelected] = useState<number[]>([]);
  const [amounts, setAmounts] = useState<Record<number, number | null>>({});
  const [contractId, setContractId] = useState<number | undefined>();
  const [date, setDate] = useState<Dayjs | null>(dayjs());

  const rows = useMemo(() => (movements.data ?? []).filter((m) => remainingOf(m) > 0), [movements.data]);
  const tonsOf = (m: StockMovement) => amounts[m.movement_id] ?? remainingOf(m);
  const contract = contracts.data?.find((c) => c.contract_id === contractId);

  const onApply = async () => {
    const chosen = rows.filter((m) => selected.includes(m.movement_id));
    const errors: string[] = [];
    if (!chosen.length) errors.push(CONTRACT_UI.noMovementSelected);
    if (!contractId) errors.push(CONTRACT_UI.noContractSelected);
    const stockTons = milli(stock.data?.tons ?? 0);
    const total = chosen.reduce((s, m) => s + milli(tonsOf(m) || 0), 0);
    if (chosen.some((m) => !(tonsOf(m) > 0))) errors.push(CONTRACT_UI.tonsPositive);
    if (chosen.some((m) => milli(tonsOf(m) || 0) > milli(remainingOf(m))) || total > stockTons) errors.push(CONTRACT_UI.tonsAboveAvailable);
    if (errors.length) {
      toast.error(errors.join('\n'));
      return;
    }
    try {
      await apply.mutateAsync({
        id: contractId ?? 0,
        movements: chosen.map((m) => ({ movement_id: m.movement_id, tons: Number(tonsOf(m)).toFixed(3), delivery_date: (date ?? dayjs()).format('YYYY-MM-DD') })),
      });
      toast.success(CONTRACT_UI.tonsApplied);
      setSelected([]);
      setAmounts({});
      void navigate('/contratos');
    } catch (error) {
      toast.apiError(error);
    }
  };

  if (stock.isLoading) return <Spin />;
  const s = stock.data;
  if (!s) return <Typography.Text>{CONTRACT_UI.stockNotFound}</Typography.Text>;

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {CONTRACT_UI.applyTitle}
      </Typography.Title>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3, xl: 5 }}
          items={[
            { key: 'company', label: 'Empresa', children: s.company_name },
            { key: 'season', label: 'Campaña', children: s.season_name },
            { key: 'crop', label: 'Producto', children: s.crop_name },
            { key: 'destination', label: 'Destino', children: s.destination_name },
            { key: 'tons', label: 'Tn en stock', children: fmtTons(s.tons) },
          ]}
        />
      </Card>
      <Table<StockMovement>
        rowKey={(m) => m.movement_id}
        dataSource={rows}
        loading={movements.isLoading}
        locale={{ emptyText: emptyText(false) }}
        pagination={false}
        scroll={{ x: 720 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        columns={[
          { title: 'Movimiento', dataIndex: 'movement_id', width: 110 },
          { title: 'Fecha de carga', dataIndex: 'load_date', width: 130, render: (v: string) => formatDate(v) },
          { title: 'Origen', dataIndex: 'origin', render: (v: string) => v || '-' },
          { title: 'Carta de porte', dataIndex: 'waybill', width: 140, render: (v: string | null) => v || '-' },
          { title: 'Tn disponibles', key: 'remaining', align: 'right', width: 130, render: (_: unknown, m: StockMovement) => fmtTons(remainingOf(m)) },
          {
            title: 'Tn a aplicar',
            key: 'tons',
            width: 150,
            render: (_: unknown, m: StockMovement) => (
              <InputNumber
                aria-label={`Toneladas del movimiento ${m.movement_id}`}
                min={0}
                precision={3}
                decimalSeparator=","
                value={tonsOf(m)}
                onChange={(v) => setAmounts((a) => ({ ...a, [m.movement_id]: v === null ? null : Number(v) }))}
                style={{ width: '100%' }}
              />
            ),
          },
        ]}
      />
      <Space wrap style={{ marginTop: 16 }} align="end">
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <Typography.Text>Contrato</Typography.Text>
          <Select
            aria-label="Contrato"
            placeholder="Seleccioná un contrato"
            style={{ width: 440 }}
            popupMatchSelectWidth={false}
            loading={contracts.isLoading}
            value={contractId}
            onChange={setContractId}
            options={(contracts.data ?? []).map((c) => ({
              value: c.contract_id,
              label: `#${c.contract_id}${c.contract_number ? ` (${c.contract_number})` : ''} - ${c.company_name} - ${c.buyer_name} - pendientes ${formatNumber(c.pending, 2)} tn`,
            }))}
          />
        </div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <Typography.Text>Fecha de entrega</Typography.Text>
          <DateInput aria-label="Fecha de entrega" value={date} onChange={(d) => setDate(Array.isArray(d) ? (d[0] ?? null) : d)} />
        </div>
        <Button onClick={() => void navigate('/granos/stocks')}>Volver</Button>
        <Button type="primary" loading={apply.isPending} onClick={() => void onApply()}>
          {CONTRACT_UI.apply}
        </Button>
      </Space>
      {contract && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {contract.status} · comprometidas {fmtTons(contract.tons)} tn · entregadas {fmtTons(contract.tons_delivered)} tn
        </Typography.Paragraph>
      )}
    </div>
  );
}
