import type { ReactNode } from 'react';
import { Alert, Card, Empty, Flex, Grid, Skeleton, Typography } from 'antd';
import {
  CROP_PRICE_NAMES,
  CROP_PRICE_PORT,
  EXCHANGE_HOUSES,
  EXCHANGE_LABELS,
  NO_QUOTE_TEXT,
  formatDate,
  sameCropName,
  type CropPriceEntry,
  type ExchangeEntry,
} from '@fm/domain';
import { useCropPrices, useExchangeRows } from '../market-api';
import { formatArs, formatDateTime } from '../market-format';

export const SEED_EXCHANGE_TEXT = 'Datos de ejemplo: configurá una fuente de cotizaciones';
export const SEED_CROP_TEXT = 'Datos de ejemplo: configurá una fuente de precios';
const ERROR_TEXT = 'No pudimos obtener los datos. Probá de nuevo más tarde.';

type TileProps = { title: string; testId: string; rows: number; loading: boolean; error: boolean; empty: boolean; footer?: ReactNode; children: ReactNode };

const ROW_HEIGHT = 35; // rowStyle: 22 px of text, 6 px above and below, a 1 px rule
// the date line with its 8 px margin, and room for the example-data notice (two lines at 390 px), measured
const FOOTER_HEIGHT = { wide: 56, narrow: 78 } as const;

/**
 * A home tile: skeleton while loading, its own error or empty state, never the whole page's. Every state keeps the
 * height of the loaded rows, their date line and the example-data notice, so nothing below moves when the answer
 * arrives (with a live source the notice's room stays blank).
 */
function Tile({ title, testId, rows, loading, error, empty, footer, children }: TileProps) {
  const wide = Grid.useBreakpoint().sm ?? true;
  const minHeight = rows * ROW_HEIGHT + FOOTER_HEIGHT[wide ? 'wide' : 'narrow'];
  let body: ReactNode = children;
  if (loading) body = <Skeleton active paragraph={{ rows, width: '100%' }} title={false} />;
  else if (error) body = <Alert type="warning" showIcon title={ERROR_TEXT} />;
  else if (empty) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin datos por ahora" style={{ margin: 0 }} />;
  const ready = !loading && !error && !empty;
  return (
    <Card title={title} size="small" data-testid={testId} aria-busy={loading} style={{ flex: '1 1 300px', minWidth: 280 }}>
      <Flex vertical justify={ready ? 'flex-start' : 'center'} style={{ minHeight }} data-testid={`${testId}-body`}>
        <div>{body}</div>
        {ready && footer}
      </Flex>
    </Card>
  );
}

const rowStyle = { padding: '6px 0', borderBottom: '1px solid rgba(0,0,0,0.06)', lineHeight: '22px' } as const;

function latest(values: string[]): string | undefined {
  return values.filter(Boolean).sort((a, b) => new Date(b).getTime() - new Date(a).getTime())[0];
}

/** Dólar oficial, blue and mayorista (as 'Exportación'), compra/venta in ARS, with the source's update time. */
export function ExchangeTile() {
  const q = useExchangeRows();
  const rows: ExchangeEntry[] = EXCHANGE_HOUSES.flatMap((casa) => q.data?.filter((r) => r.casa === casa).slice(0, 1) ?? []);
  const updated = latest(rows.map((r) => r.fechaActualizacion));
  const seed = rows.some((r) => r.origen === 'seed');
  return (
    <Tile
      title="Cotizaciones"
      testId="exchange-tile"
      rows={1 + EXCHANGE_HOUSES.length}
      loading={q.isPending}
      error={q.isError}
      empty={!rows.length}
      footer={
        <Flex vertical gap={4} style={{ marginTop: 8 }}>
          {updated && <Typography.Text type="secondary">Actualizado {formatDateTime(updated)}</Typography.Text>}
          {seed && <Typography.Text type="warning">{SEED_EXCHANGE_TEXT}</Typography.Text>}
        </Flex>
      }
    >
      <Flex justify="space-between" style={{ ...rowStyle, fontSize: 12 }}>
        <Typography.Text type="secondary" style={{ flex: 1 }}>Dólar</Typography.Text>
        <Typography.Text type="secondary" style={{ width: 110, textAlign: 'right' }}>Compra</Typography.Text>
        <Typography.Text type="secondary" style={{ width: 110, textAlign: 'right' }}>Venta</Typography.Text>
      </Flex>
      {rows.map((r) => (
        <Flex key={r.casa} justify="space-between" style={rowStyle} data-testid={`exchange-${r.casa}`}>
          <Typography.Text strong style={{ flex: 1 }}>{EXCHANGE_LABELS[r.casa]}</Typography.Text>
          <span style={{ width: 110, textAlign: 'right' }}>{formatArs(r.compra)}</span>
          <span style={{ width: 110, textAlign: 'right' }}>{formatArs(r.venta)}</span>
        </Flex>
      ))}
    </Tile>
  );
}

/** Pizarra Rosario: girasol, maíz, sorgo, soja, trigo in ARS/tn, 'sin cotización' where the source has none. */
export function CropPriceTile() {
  const q = useCropPrices();
  const data = q.data ?? [];
  const rows = CROP_PRICE_NAMES.map((nombre) => ({ nombre, entry: data.find((e: CropPriceEntry) => sameCropName(e.nombre, nombre) && e.puerto === CROP_PRICE_PORT) }));
  const date = latest(data.map((e) => e.fecha));
  const seed = data.some((e) => e.origen === 'seed');
  return (
    <Tile
      title="Precios de granos (Rosario)"
      testId="crop-price-tile"
      rows={CROP_PRICE_NAMES.length}
      loading={q.isPending}
      error={q.isError}
      empty={!data.length}
      footer={
        <Flex vertical gap={4} style={{ marginTop: 8 }}>
          {date && <Typography.Text type="secondary">Fecha {formatDate(date)}</Typography.Text>}
          {seed && <Typography.Text type="warning">{SEED_CROP_TEXT}</Typography.Text>}
        </Flex>
      }
    >
      {rows.map(({ nombre, entry }) => (
        <Flex key={nombre} justify="space-between" style={rowStyle} data-testid={`crop-${nombre}`}>
          <Typography.Text strong>{nombre}</Typography.Text>
          {entry && entry.importe !== null ? (
            <span>{formatArs(entry.importe)} /tn</span>
          ) : (
            <Typography.Text type="secondary">{NO_QUOTE_TEXT}</Typography.Text>
          )}
        </Flex>
      ))}
    </Tile>
  );
}

/** The two market tiles side by side (wrapping on narrow screens). */
export function MarketTiles() {
  return (
    <Flex gap={16} wrap>
      <ExchangeTile />
      <CropPriceTile />
    </Flex>
  );
}
