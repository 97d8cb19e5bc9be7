import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers recorded from DolarAPI's /v1/dolares (all seven houses; tarjeta without compra, as it comes). */
export const DOLARAPI_ANSWER = [
  { moneda: 'USD', casa: 'oficial', nombre: 'Oficial', compra: 1420, venta: 1470, fechaActualizacion: '2026-11-26T14:02:00.000Z' },
  { moneda: 'USD', casa: 'blue', nombre: 'Blue', compra: 1445, venta: 1465, fechaActualizacion: '2026-11-26T14:58:00.000Z' },
  { moneda: 'USD', casa: 'bolsa', nombre: 'Bolsa', compra: 1461.2, venta: 1468.9, fechaActualizacion: '2026-11-26T14:58:00.000Z' },
  { moneda: 'USD', casa: 'contadoconliqui', nombre: 'Contado con liquidación', compra: 1478.3, venta: 1489.1, fechaActualizacion: '2026-11-26T14:58:00.000Z' },
  { moneda: 'USD', casa: 'mayorista', nombre: 'Mayorista', compra: 1425.5, venta: 1434.5, fechaActualizacion: '2026-11-26T14:01:00.000Z' },
  { moneda: 'USD', casa: 'cripto', nombre: 'Cripto', compra: 1490.02, venta: 1495.11, fechaActualizacion: '2026-11-26T14:58:00.000Z' },
  { moneda: 'USD', casa: 'tarjeta', nombre: 'Tarjeta', venta: 1911, fechaActualizacion: '2026-11-26T14:02:00.000Z' },
];

/** A pizarra day: sorgo without quote (S/C), girasol missing, one row of another port. */
export const CROP_PRICE_ANSWER = [
  { nombre: 'Soja', puerto: 'RS', importe: 448500, fecha: '2026-11-26T17:00:00.000Z' },
  { nombre: 'Maiz', puerto: 'RS', importe: '261000', fecha: '2026-11-26T17:00:00.000Z' },
  { nombre: 'Trigo', puerto: 'RS', importe: 235000, fecha: '2026-11-26T17:00:00.000Z' },
  { nombre: 'Sorgo', puerto: 'RS', importe: 'S/C', fecha: '2026-11-26T17:00:00.000Z' },
  { nombre: 'Soja', puerto: 'BB', importe: 440000, fecha: '2026-11-26T17:00:00.000Z' },
];

export type FakeMarketServer = {
  url: string;
  /** What the next requests get: the recorded answer, an HTTP error, a body that is not JSON, or no answer at all. */
  mode: 'ok' | 'error' | 'garbage' | 'hang';
  exchange: unknown;
  cropPrices: unknown;
  hits: string[];
  close(): Promise<void>;
};

/** A local stand-in for DolarAPI (/v1/dolares) and a crop-price source (/precios) on 127.0.0.1. */
export async function startFakeMarketServer(): Promise<FakeMarketServer> {
  const state = { mode: 'ok' as FakeMarketServer['mode'], exchange: DOLARAPI_ANSWER as unknown, cropPrices: CROP_PRICE_ANSWER as unknown, hits: [] as string[] };
  const server: Server = createServer((req, res) => {
    state.hits.push(req.url ?? '');
    if (state.mode === 'hang') return; // never answers: the client's timeout must end it
    if (state.mode === 'error') return void res.writeHead(502).end('Bad gateway');
    res.writeHead(200, { 'content-type': 'application/json' });
    if (state.mode === 'garbage') return void res.end('<html>mantenimiento</html>');
    const body = req.url === '/v1/dolares' ? state.exchange : req.url === '/precios' ? state.cropPrices : null;
    res.end(JSON.stringify(body));
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
  return fake as FakeMarketServer;
}
