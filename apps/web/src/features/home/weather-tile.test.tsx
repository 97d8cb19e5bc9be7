import { afterEach, describe, expect, it, vi } from 'vitest';
import { argentinaDay } from '@fm/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, mockApi, signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NO_FARMS_HINT, NO_FARMS_TEXT, STALE_TEXT, WEATHER_BODY_HEIGHT, WeatherTile } from './components/weather-tile';
import type { FarmWeather } from './weather-api';

// the forecast starts today (Argentina), as a fresh snapshot does
const start = Date.parse(`${argentinaDay()}T12:00:00Z`);
const days = Array.from({ length: 7 }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
const dm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const NAMES = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'];
const daily = days.map((date, i) => ({ date, t_max: 29 + i, t_min: 14 + i, precipitation_mm: i === 2 ? 12.4 : 0, precipitation_probability: i === 2 ? 78 : 5, weather_code: i === 2 ? 95 : 0, wind_max: 18 }));
const forecast = { current: { temperature: 24.3, weather_code: 2 }, daily, updated_at: '2026-11-26T21:00:00.000Z', stale: false };
const farms: FarmWeather[] = [
  { farm_id: 1, name: 'La Esperanza', city: { city_id: 7, name: 'Tandil' }, weather: forecast, reason: null },
  { farm_id: 2, name: 'Sin Localidad', city: null, weather: null, reason: 'Sin pronóstico: el establecimiento no tiene localidad' },
];

afterEach(() => vi.unstubAllGlobals());

function server(answer: { status?: number; data?: FarmWeather[] }) {
  return mockApi((url) => {
    if (url.pathname !== '/fm/v1/farms/weather') return undefined;
    if (answer.status) return { status: answer.status, body: { success: false, status: answer.status, data: null, message: 'Error' } };
    return { body: envelope(answer.data ?? []) };
  });
}

describe('home weather tile (issue 12 §1)', () => {
  it('shows today and 7 days of the first farm with a forecast; another farm says why it has none', async () => {
    signIn();
    const api = server({ data: farms });
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<WeatherTile />);
    const today = await screen.findByTestId('weather-today', {}, { timeout: 10_000 });
    expect(within(today).getByText('24°')).toBeInTheDocument();
    expect(within(today).getByText(/Parcialmente nublado · máx 29° mín 14° · 0 mm/)).toBeInTheDocument();
    const storm = screen.getByTestId(`weather-day-${days[2]}`);
    expect(within(storm).getByText(NAMES[new Date(`${days[2]}T12:00:00Z`).getUTCDay()])).toBeInTheDocument();
    expect(within(storm).getByText(dm(days[2]))).toBeInTheDocument();
    expect(within(storm).getByRole('img', { name: 'Tormenta' })).toBeInTheDocument();
    expect(within(storm).getByText('12,4 mm')).toBeInTheDocument();
    expect(within(storm).getByText('78 %')).toBeInTheDocument();
    expect(within(screen.getByTestId(`weather-day-${days[0]}`)).getByText('Hoy')).toBeInTheDocument();
    expect(screen.getAllByTestId(/^weather-day-/)).toHaveLength(7);
    expect(screen.getByText('Tandil · Actualizado 26/11/2026 18:00')).toBeInTheDocument();
    expect(screen.queryByText(STALE_TEXT)).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Establecimiento' }));
    await userEvent.click(await screen.findByTitle('Sin Localidad'));
    expect(await screen.findByText('Sin pronóstico: el establecimiento no tiene localidad')).toBeInTheDocument();
  }, 30_000);

  it('says when the forecast is older than 24 h, and the empty and error states', async () => {
    signIn();
    const older = days.map((d, i) => ({ ...daily[i], date: new Date(start + (i - 2) * 86_400_000).toISOString().slice(0, 10) }));
    const stale = [{ ...farms[0], weather: { ...forecast, daily: older, stale: true } }];
    vi.stubGlobal('fetch', server({ data: stale }).fetchMock);
    const first = renderWithProviders(<WeatherTile />);
    expect(await screen.findByText(STALE_TEXT, {}, { timeout: 10_000 })).toBeInTheDocument();
    // the two past days are not shown; the first shown is today's
    expect(screen.getAllByTestId(/^weather-day-/)).toHaveLength(5);
    expect(within(screen.getByTestId(`weather-day-${days[0]}`)).getByText('Hoy')).toBeInTheDocument();
    first.unmount();

    vi.stubGlobal('fetch', server({ data: [] }).fetchMock);
    const second = renderWithProviders(<WeatherTile />);
    expect(await screen.findByText(NO_FARMS_TEXT, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(NO_FARMS_HINT)).toBeInTheDocument();
    // the forecast's room is kept (decision 0028): nothing below moves when the answer is "no forecast"
    expect(Object.values(WEATHER_BODY_HEIGHT).map((h) => `${h}px`)).toContain(screen.getByTestId('weather-tile-body').style.minHeight);
    second.unmount();

    vi.stubGlobal('fetch', server({ status: 502 }).fetchMock);
    renderWithProviders(<WeatherTile />);
    expect(await screen.findByText(/No pudimos obtener los datos/, {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 30_000);
});
