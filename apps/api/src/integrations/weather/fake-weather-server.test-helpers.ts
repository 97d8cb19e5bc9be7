import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An answer recorded from Open-Meteo's /v1/forecast (Pergamino, 7 days; one missing probability as it can come). */
export const OPEN_METEO_ANSWER = {
  latitude: -33.875,
  longitude: -60.5625,
  timezone: 'America/Argentina/Buenos_Aires',
  current: { time: '2026-11-26T21:00', interval: 900, temperature_2m: 24.3, weather_code: 2 },
  daily: {
    time: ['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02'],
    temperature_2m_max: [29.1, 31.4, 27.8, 22.5, 24.9, 28.3, 30.2],
    temperature_2m_min: [14.2, 17.8, 18.9, 13.1, 11.7, 14.5, 16.8],
    precipitation_sum: [0, 0, 12.4, 3.1, 0, 0, 0.6],
    precipitation_probability_max: [3, 10, 78, 45, 5, null, 20],
    weather_code: [2, 1, 95, 61, 0, 1, 3],
    wind_speed_10m_max: [18.4, 22.7, 35.1, 27.3, 14.8, 16.2, 19.9],
  },
};

export const OPEN_METEO_ERROR = { error: true, reason: 'Latitude must be in range of -90 to 90°. Given: 123.0.' };

export type FakeWeatherServer = {
  url: string;
  /** What the next requests get: the recorded answer, Open-Meteo's 400 error body, a 500, a body that is not JSON, or nothing. */
  mode: 'ok' | 'bad-request' | 'error' | 'garbage' | 'hang';
  answer: unknown;
  hits: string[];
  close(): Promise<void>;
};

/** A local stand-in for Open-Meteo (/v1/forecast) on 127.0.0.1. */
export async function startFakeWeatherServer(): Promise<FakeWeatherServer> {
  const state = { mode: 'ok' as FakeWeatherServer['mode'], answer: OPEN_METEO_ANSWER as unknown, hits: [] as string[] };
  const server: Server = createServer((req, res) => {
    state.hits.push(req.url ?? '');
    if (state.mode === 'hang') return; // never answers: the client's timeout must end it
    if (state.mode === 'bad-request') return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(OPEN_METEO_ERROR));
    if (state.mode === 'error') return void res.writeHead(500).end('Internal Server Error');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (state.mode === 'garbage') return void res.end('<html>mantenimiento</html>');
    res.end(JSON.stringify(req.url?.startsWith('/v1/forecast?') ? state.answer : null));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake = Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return fake as FakeWeatherServer;
}
