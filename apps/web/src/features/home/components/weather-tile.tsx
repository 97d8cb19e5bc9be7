import { useState } from 'react';
import { Alert, Card, Flex, Grid, Select, Skeleton, Typography } from 'antd';
import { CloudOutlined } from '@ant-design/icons';
import { argentinaDay } from '@fm/domain';
import { useCurrentWorkspace } from '../../../session/hooks';
import { formatDateTime } from '../market-format';
import { useFarmsWeather, type WeatherDay } from '../weather-api';
import { WEATHER_LABELS, WeatherIcon, weatherKind } from './weather-icons';

const ERROR_TEXT = 'No pudimos obtener los datos. Probá de nuevo más tarde.';
export const NO_FARMS_TEXT = 'Sin establecimientos en este espacio de trabajo';
export const NO_FARMS_HINT = 'Cargá un establecimiento con su localidad para ver su pronóstico.';
export const STALE_TEXT = 'Pronóstico desactualizado (más de 24 h)';
const DAY_NAMES = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'];
/**
 * The loaded forecast's height (today, the 7 days, the update line), measured at 1350 px and at 390 px where
 * today's summary wraps to two lines: the skeleton, the error and the no-forecast states keep it, so nothing below
 * moves when the answer arrives (decision 0028: the demo and a fresh install have no forecast, and collapsing the
 * tile then moved every tile below it by ~190 px). Without a forecast it says why and what to do, centred.
 */
export const WEATHER_BODY_HEIGHT = { wide: 234, narrow: 256 } as const;

/** 'YYYY-MM-DD' (the forecast's local day) → 'Hoy' or the day's short name; and dd/mm. */
function dayLabel(date: string, today: string): { name: string; short: string } {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return { name: date === today ? 'Hoy' : DAY_NAMES[weekday], short: `${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}` };
}

const deg = (v: number | null) => (v === null ? '—' : `${Math.round(v)}°`);
const mm = (v: number | null) => (v === null ? '— mm' : `${v.toLocaleString('es-AR', { maximumFractionDigits: 1 })} mm`);

function Day({ day, today }: { day: WeatherDay; today: string }) {
  const label = dayLabel(day.date, today);
  return (
    <Flex vertical align="center" gap={2} data-testid={`weather-day-${day.date}`} style={{ minWidth: 64, flex: '1 0 64px', padding: '6px 0' }}>
      <Typography.Text strong>{label.name}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{label.short}</Typography.Text>
      <WeatherIcon code={day.weather_code} size={22} />
      <span>
        <Typography.Text strong>{deg(day.t_max)}</Typography.Text> <Typography.Text type="secondary">{deg(day.t_min)}</Typography.Text>
      </span>
      <Typography.Text style={{ fontSize: 12 }}>{mm(day.precipitation_mm)}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{day.precipitation_probability === null ? '— %' : `${day.precipitation_probability} %`}</Typography.Text>
    </Flex>
  );
}

/** Why there is no forecast (the server's reason: it says what to configure), with what to do. */
function NoForecast({ text, hint }: { text: string; hint?: string }) {
  return (
    <Flex vertical align="center" gap={8} data-testid="weather-no-forecast" style={{ textAlign: 'center' }}>
      <CloudOutlined style={{ fontSize: 32, color: 'rgba(0, 0, 0, 0.45)' }} aria-hidden />
      <Typography.Text type="secondary">{text}</Typography.Text>
      {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
    </Flex>
  );
}

/** Clima (issue 12 §1): a farm select, today's weather and the 7-day forecast of the farm's locality. */
export function WeatherTile() {
  const workspace = useCurrentWorkspace();
  const q = useFarmsWeather(workspace?.workspace_id);
  const farms = q.data ?? [];
  const [selected, setSelected] = useState<number | undefined>();
  const farm = farms.find((f) => f.farm_id === selected) ?? farms.find((f) => f.weather) ?? farms[0];
  const wide = Grid.useBreakpoint().sm ?? true;
  const noForecast = q.isSuccess && !farm?.weather;

  let body;
  if (q.isPending) body = <Skeleton active paragraph={{ rows: 6, width: '100%' }} title={false} />;
  else if (q.isError) body = <Alert type="warning" showIcon title={ERROR_TEXT} />;
  else if (!farm) body = <NoForecast text={NO_FARMS_TEXT} hint={NO_FARMS_HINT} />;
  else if (!farm.weather) body = <NoForecast text={farm.reason ?? 'Sin pronóstico'} />;
  else {
    const { current, daily: all, updated_at, stale } = farm.weather;
    // an older snapshot's past days are not shown as if they were ahead; 'today' is only today's entry
    const todayIso = argentinaDay();
    const upcoming = all.filter((d) => d.date >= todayIso);
    const daily = upcoming.length ? upcoming : all;
    const today = daily.find((d) => d.date === todayIso);
    body = (
      <Flex vertical gap={8}>
        <Flex align="center" gap={12} data-testid="weather-today">
          <WeatherIcon code={current.weather_code ?? today?.weather_code} size={36} />
          <div>
            <Typography.Text style={{ fontSize: 28, lineHeight: 1 }}>{deg(current.temperature)}</Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {WEATHER_LABELS[weatherKind(current.weather_code ?? today?.weather_code)]}
                {today ? ` · máx ${deg(today.t_max)} mín ${deg(today.t_min)} · ${mm(today.precipitation_mm)}` : ''}
                {today?.wind_max != null ? ` · viento ${Math.round(today.wind_max)} km/h` : ''}
              </Typography.Text>
            </div>
          </div>
        </Flex>
        <Flex gap={4} style={{ overflowX: 'auto' }}>
          {daily.slice(0, 7).map((d) => (
            <Day key={d.date} day={d} today={todayIso} />
          ))}
        </Flex>
        <Typography.Text type="secondary">
          {farm.city ? `${farm.city.name} · ` : ''}Actualizado {formatDateTime(updated_at)}
        </Typography.Text>
        {stale && <Typography.Text type="warning">{STALE_TEXT}</Typography.Text>}
      </Flex>
    );
  }
  return (
    <Card
      title="Clima"
      size="small"
      data-testid="weather-tile"
      aria-busy={q.isPending}
      style={{ flex: '1 1 100%' }}
      extra={
        farms.length > 0 && (
          <Select
            aria-label="Establecimiento"
            size="small"
            style={{ minWidth: 180 }}
            value={farm?.farm_id}
            onChange={setSelected}
            options={farms.map((f) => ({ value: f.farm_id, label: f.name }))}
          />
        )
      }
    >
      <Flex vertical justify={farm?.weather ? 'flex-start' : 'center'} align={noForecast ? 'center' : undefined} style={{ minHeight: WEATHER_BODY_HEIGHT[wide ? 'wide' : 'narrow'] }} data-testid="weather-tile-body">
        {body}
      </Flex>
    </Card>
  );
}
