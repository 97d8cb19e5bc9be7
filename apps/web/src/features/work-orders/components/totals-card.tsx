import { Statistic } from 'antd';
import { formatNumber, type WorkOrderTotals } from '@fm/domain';
import styles from './work-orders.module.css';

/** The order's derived totals, live while editing (domain workOrderTotals, the same the server computes). */
export function TotalsCard({ totals }: { totals: WorkOrderTotals }) {
  const items = [
    { title: 'Hectáreas', value: `${formatNumber(totals.ha_total, 2)} ha`, id: 'ha' },
    { title: 'Total labor', value: `$ ${formatNumber(totals.labor_total, 2)}`, id: 'labor' },
    { title: 'Total insumos', value: `$ ${formatNumber(totals.supplies_total, 2)}`, id: 'supplies' },
    { title: 'Costo total', value: `$ ${formatNumber(totals.total_cost, 2)}`, id: 'cost' },
    { title: 'Costo total (US$)', value: `US$ ${formatNumber(totals.total_cost_usd, 2)}`, id: 'cost-usd' },
  ];
  return (
    <div className={styles.totals} data-testid="wo-totals">
      {items.map((i) => (
        <Statistic key={i.id} title={i.title} value={i.value} valueStyle={{ fontSize: 18 }} data-testid={`total-${i.id}`} />
      ))}
    </div>
  );
}
