import { useState } from 'react';
import { Button, Card, Empty, Select, Skeleton, Space, Table, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { campaignForDate, formatNumber, MONTH_NAMES_ES } from '@fm/domain';
import { useFarms } from '../../land/queries';
import { RainBars } from '../components/rain-bars';
import { useRainEvents } from '../queries';
import { RAIN_TEXT as T } from '../texts';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

/** The current campaign (July → June) and the five before it, newest first. */
export function campaignOptions(today = new Date()): string[] {
  const start = Number(campaignForDate(today).slice(0, 4));
  return Array.from({ length: 6 }, (_, i) => `${start - i}/${String((start - i + 1) % 100).padStart(2, '0')}`);
}

type Row = { key: string; month: string; values: string[]; total: string };

/** Eventos de lluvia (/lluvias/eventos): months × farms with the campaign totals, and a bar chart. */
export default function RainEventsPage() {
  const navigate = useNavigate();
  const options = campaignOptions();
  const [campaign, setCampaign] = useState(options[0]);
  const [farmId, setFarmId] = useState<number | undefined>();
  const farms = useFarms('workspace');
  const events = useRainEvents(campaign, farmId);
  const ev = events.data;

  const rows: Row[] = ev
    ? ev.months.map((m, i) => {
        const values = ev.farms.map((f) => f.monthly[i]);
        const total = values.reduce((s, v) => s + Number(v), 0);
        return { key: m, month: `${MONTH_NAMES_ES[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`, values, total: total.toFixed(1) };
      })
    : [];
  const columns = [
    { title: T.month, dataIndex: 'month', key: 'month', width: 150, fixed: 'left' as const },
    ...(ev?.farms ?? []).map((f, k) => ({
      title: f.farm_name,
      key: `farm-${f.farm_id}`,
      align: 'right' as const,
      render: (_: unknown, r: Row) => formatNumber(r.values[k], 1),
    })),
    ...((ev?.farms.length ?? 0) > 1 ? [{ title: T.total, key: 'total', align: 'right' as const, render: (_: unknown, r: Row) => <strong>{formatNumber(r.total, 1)}</strong> }] : []),
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {T.eventsTitle}
      </Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select aria-label={T.campaign} style={{ width: 190 }} value={campaign} onChange={setCampaign} options={options.map((c) => ({ value: c, label: `Campaña ${c}` }))} />
        <Select
          allowClear
          aria-label="Filtrar por establecimiento"
          placeholder={T.farm}
          style={{ width: 220 }}
          value={farmId}
          onChange={(v: number | undefined) => setFarmId(v)}
          showSearch={SEARCH_BY_LABEL}
          options={(farms.data ?? []).map((f) => ({ value: f.farm_id, label: f.name }))}
        />
        <Button icon={<UnorderedListOutlined />} onClick={() => void navigate('/lluvias')}>
          {T.listTitle}
        </Button>
      </Space>
      {events.isLoading ? (
        <Skeleton active />
      ) : !ev || ev.farms.length === 0 ? (
        <Empty description={T.noEvents} />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Card title={`${T.chartTitle} — Campaña ${ev.campaign}`} size="small">
            <RainBars events={ev} />
          </Card>
          <Table<Row>
            size="small"
            bordered
            pagination={false}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <strong>Total campaña</strong>
                </Table.Summary.Cell>
                {ev.farms.map((f, k) => (
                  <Table.Summary.Cell key={f.farm_id} index={k + 1} align="right">
                    <strong data-testid={`rain-total-${f.farm_id}`}>{formatNumber(f.total, 1)}</strong>
                  </Table.Summary.Cell>
                ))}
                {ev.farms.length > 1 && (
                  <Table.Summary.Cell index={ev.farms.length + 1} align="right">
                    <strong>{formatNumber(ev.total, 1)}</strong>
                  </Table.Summary.Cell>
                )}
              </Table.Summary.Row>
            )}
          />
        </Space>
      )}
    </div>
  );
}
