import { formatNumber, MONTH_NAMES_ES, type RainEvents } from '@fm/domain';

/** Colours of the farms' bars (one per farm, repeating). */
export const FARM_COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#13c2c2', '#eb2f96', '#a0d911', '#faad14'] as const;

export const monthLabel = (ym: string) => MONTH_NAMES_ES[Number(ym.slice(5, 7)) - 1].slice(0, 3);

const W = 760;
const H = 260;
const PAD = { left: 44, right: 8, top: 12, bottom: 28 };

/** Grouped bars of monthly millimetres per farm in plain SVG (no chart library), with a legend. */
export function RainBars({ events }: { events: RainEvents }) {
  const values = events.farms.flatMap((f) => f.monthly.map(Number));
  const max = Math.max(10, ...values);
  const step = max > 200 ? 50 : max > 80 ? 20 : 10;
  const top = Math.ceil(max / step) * step;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const groupW = plotW / events.months.length;
  const barW = Math.max(2, (groupW - 6) / Math.max(1, events.farms.length));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  return (
    <figure style={{ margin: 0 }} aria-label="Gráfico de milímetros por mes y establecimiento">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: W, display: 'block' }} role="img">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#f0f0f0" />
            <text x={PAD.left - 6} y={y(t) + 4} fontSize={11} textAnchor="end" fill="#8c8c8c">
              {t}
            </text>
          </g>
        ))}
        {events.months.map((m, i) => (
          <g key={m}>
            {events.farms.map((f, k) => {
              const v = Number(f.monthly[i]);
              const x = PAD.left + i * groupW + 3 + k * barW;
              return (
                <rect key={f.farm_id} x={x} y={y(v)} width={barW - 1} height={Math.max(0, PAD.top + plotH - y(v))} fill={FARM_COLORS[k % FARM_COLORS.length]} data-testid="rain-bar">
                  <title>{`${f.farm_name} — ${monthLabel(m)}: ${formatNumber(v, 1)} mm`}</title>
                </rect>
              );
            })}
            <text x={PAD.left + i * groupW + groupW / 2} y={H - 10} fontSize={11} textAnchor="middle" fill="#595959">
              {monthLabel(m)}
            </text>
          </g>
        ))}
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke="#bfbfbf" />
      </svg>
      <figcaption style={{ display: 'flex', flexWrap: 'wrap', gap: 16, marginTop: 8 }}>
        {events.farms.map((f, k) => (
          <span key={f.farm_id} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <span style={{ width: 12, height: 12, background: FARM_COLORS[k % FARM_COLORS.length], display: 'inline-block', borderRadius: 2 }} />
            {f.farm_name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
