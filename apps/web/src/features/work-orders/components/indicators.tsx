import { Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { contributionsIndicator, formatNumber, stockIndicator } from '@fm/domain';
import type { WorkOrder } from '../types';

type Row = Pick<WorkOrder, 'company' | 'percentage_contributions' | 'supplies' | 'stock_used'>;

/** Aportes (spec doc 2 §2.6): agreement companies only; success from 99.99 % of the total cost, else warning. */
export function ContributionsIndicator({ order, onClick, prefix = '' }: { order: Row; onClick?: () => void; prefix?: string }) {
  const state = contributionsIndicator(order.company.is_an_agreement, order.percentage_contributions);
  if (state === '-') return <span data-testid="contributions-indicator" data-state="-">-</span>;
  const text = `${prefix}${formatNumber(order.percentage_contributions ?? 0, 2)} %`;
  return (
    <Tooltip title={state === 'success' ? 'Aportes completos' : 'Aportes incompletos'}>
      <Tag
        color={state}
        icon={state === 'success' ? <CheckCircleOutlined /> : <ExclamationCircleOutlined />}
        data-testid="contributions-indicator"
        data-state={state}
        style={onClick ? { cursor: 'pointer' } : undefined}
        onClick={onClick}
      >
        {text}
      </Tag>
    </Tooltip>
  );
}

/** Depósitos (spec doc 2 §2.6): '-' without supplies; success when every supply comes from a stock, else warning. */
/** `compact` (the list) shows the icon only, with the text in its tooltip and label. */
export function StockIndicator({ order, prefix = '', compact = false }: { order: Row; prefix?: string; compact?: boolean }) {
  const state = stockIndicator(order.supplies ?? []);
  if (state === '-') return <span data-testid="stock-indicator" data-state="-">{prefix}-</span>;
  const text = state === 'warning' ? 'Sin asignar' : order.stock_used ? 'Descontado' : 'Asignado';
  const tip = state === 'warning' ? 'Hay insumos sin stock de origen' : order.stock_used ? 'El stock de los insumos ya se descontó' : 'Cada insumo tiene su stock de origen';
  return (
    <Tooltip title={compact ? `${text}: ${tip.toLowerCase()}` : tip}>
      <Tag
        color={state}
        icon={state === 'success' ? <CheckCircleOutlined /> : <ExclamationCircleOutlined />}
        data-testid="stock-indicator"
        data-state={state}
        aria-label={compact ? text : undefined}
      >
        {compact ? null : `${prefix}${text}`}
      </Tag>
    </Tooltip>
  );
}
