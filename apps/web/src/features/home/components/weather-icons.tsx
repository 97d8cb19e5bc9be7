import type { ReactNode } from 'react';
import { CloudOutlined, SunOutlined, ThunderboltOutlined } from '@ant-design/icons';

type Kind = 'clear' | 'partly' | 'cloudy' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'storm' | 'unknown';

/** WMO weather interpretation codes (Open-Meteo's weather_code) grouped into a few Spanish labels. */
export function weatherKind(code: number | null | undefined): Kind {
  if (code === null || code === undefined) return 'unknown';
  if (code === 0) return 'clear';
  if (code === 1 || code === 2) return 'partly';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if ((code >= 61 && code <= 67) || (code >= 80 && code <= 82)) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 95 && code <= 99) return 'storm';
  return 'unknown';
}

export const WEATHER_LABELS: Record<Kind, string> = {
  clear: 'Despejado',
  partly: 'Parcialmente nublado',
  cloudy: 'Nublado',
  fog: 'Niebla',
  drizzle: 'Llovizna',
  rain: 'Lluvia',
  snow: 'Nieve',
  storm: 'Tormenta',
  unknown: 'Sin dato',
};

const svg = (children: ReactNode) => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" aria-hidden="true">
    {children}
  </svg>
);
const cloudPath = <path d="M7 15h10a4 4 0 0 0 0-8 5 5 0 0 0-9.6 1.2A3.5 3.5 0 0 0 7 15z" />;

/** The icon of a weather code (antd icons, or a small SVG where antd has none), labelled for screen readers. */
export function WeatherIcon({ code, size = 20 }: { code: number | null | undefined; size?: number }) {
  const kind = weatherKind(code);
  const color = { clear: '#faad14', partly: '#d48806', storm: '#722ed1', rain: '#1677ff', drizzle: '#4096ff', snow: '#69b1ff' }[kind as string] ?? '#8c8c8c';
  let icon: ReactNode;
  if (kind === 'clear') icon = <SunOutlined />;
  else if (kind === 'partly' || kind === 'cloudy' || kind === 'unknown') icon = <CloudOutlined />;
  else if (kind === 'storm') icon = <ThunderboltOutlined />;
  else if (kind === 'fog') icon = svg(<path d="M4 9h16M6 13h12M4 17h16" />);
  else if (kind === 'snow') icon = svg(<>{cloudPath}<path d="M9 19v.01M12 20v.01M15 19v.01" strokeWidth={2.4} /></>);
  else icon = svg(<>{cloudPath}<path d={kind === 'rain' ? 'M9 18l-1 3M13 18l-1 3M17 18l-1 3' : 'M10 18v1.5M14 18v1.5'} /></>);
  return (
    <span role="img" aria-label={WEATHER_LABELS[kind]} title={WEATHER_LABELS[kind]} style={{ fontSize: size, color, display: 'inline-flex' }}>
      {icon}
    </span>
  );
}
