import { z } from 'zod';

const TIMEOUT_MS = 8_000;
/** A 7-day forecast of one point is a few KiB; anything larger is not one. */
const MAX_BYTES = 256 * 1024;
export const WEATHER_DAYS = 7;
export const WEATHER_TIMEZONE = 'America/Argentina/Buenos_Aires';

export type WeatherDay = {
  date: string;
  t_max: number | null;
  t_min: number | null;
  precipitation_mm: number | null;
  precipitation_probability: number | null;
  weather_code: number | null;
  wind_max: number | null;
};
export type WeatherForecast = { current: { temperature: number | null; weather_code: number | null }; daily: WeatherDay[] };
export type WeatherFetcher = (lat: number, lng: number) => Promise<WeatherForecast>;

export class WeatherSourceError extends Error {}

const nums = z.array(z.number().nullable());
/** Open-Meteo's answer: parallel daily arrays (one entry per day) and the current values. */
const OpenMeteoAnswer = z.object({
  current: z.object({ temperature_2m: z.number().nullable().optional(), weather_code: z.number().int().nullable().optional() }).optional(),
  daily: z.object({
    time: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).min(1).max(16),
    temperature_2m_max: nums,
    temperature_2m_min: nums,
    precipitation_sum: nums,
    precipitation_probability_max: nums,
    weather_code: nums,
    wind_speed_10m_max: nums,
  }),
});
const OpenMeteoError = z.object({ error: z.literal(true), reason: z.string().max(500) });

/** The forecast URL of one point: the daily series the tile shows and the current temperature. */
export function forecastUrl(base: string, lat: number, lng: number): string {
  const url = new URL(base.replace(/\/+$/, '') + '/v1/forecast');
  url.searchParams.set('latitude', lat.toFixed(2));
  url.searchParams.set('longitude', lng.toFixed(2));
  url.searchParams.set('daily', 'temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,weather_code,wind_speed_10m_max');
  url.searchParams.set('current', 'temperature_2m,weather_code');
  url.searchParams.set('timezone', WEATHER_TIMEZONE);
  url.searchParams.set('forecast_days', String(WEATHER_DAYS));
  return url.toString();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length > MAX_BYTES) throw new WeatherSourceError('respuesta demasiado grande');
  try {
    return JSON.parse(text);
  } catch {
    throw new WeatherSourceError('la respuesta no es JSON');
  }
}

/**
 * Open-Meteo (`GET /v1/forecast`, DOMAIN.md "Weather"): `base` is the service's root (https://api.open-meteo.com).
 * Errors come as HTTP 400 `{error: true, reason}`; any failure, hang, oversized or malformed answer throws
 * WeatherSourceError (the caller keeps the last snapshot).
 */
export function openMeteoClient(base: string, fetchImpl: typeof fetch = fetch, timeoutMs = TIMEOUT_MS): WeatherFetcher {
  return async (lat, lng) => {
    let response: Response;
    try {
      response = await fetchImpl(forecastUrl(base, lat, lng), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    } catch (err) {
      throw new WeatherSourceError(`sin respuesta: ${(err as Error).message}`);
    }
    if (!response.ok) {
      const body = response.status === 400 ? OpenMeteoError.safeParse(await readJson(response).catch(() => null)) : undefined;
      throw new WeatherSourceError(body?.success ? `HTTP 400: ${body.data.reason}` : `HTTP ${response.status}`);
    }
    const parsed = OpenMeteoAnswer.safeParse(await readJson(response));
    if (!parsed.success) throw new WeatherSourceError('no es un pronóstico de Open-Meteo');
    const d = parsed.data.daily;
    const at = (list: (number | null)[], i: number) => list[i] ?? null;
    const daily = d.time.slice(0, WEATHER_DAYS).map((date, i) => ({
      date,
      t_max: at(d.temperature_2m_max, i),
      t_min: at(d.temperature_2m_min, i),
      precipitation_mm: at(d.precipitation_sum, i),
      precipitation_probability: at(d.precipitation_probability_max, i),
      weather_code: at(d.weather_code, i),
      wind_max: at(d.wind_speed_10m_max, i),
    }));
    const current = { temperature: parsed.data.current?.temperature_2m ?? null, weather_code: parsed.data.current?.weather_code ?? null };
    return { current, daily };
  };
}
