import { describe, expect, it } from 'vitest';
import { BULK_COLUMNS, BULK_MSG, bulkDate, bulkNumber, validateBulkRows, type BulkLookups } from './grains-bulk';

const lookups: BulkLookups = {
  plans: new Map([
    ['2025/26 - agro pampa sa - la esperanza', { season_plan_id: 10, agreement: false, partners: new Map(), plots: new Map([['lote 1', 100], ['lote 2', 101]]) }],
    ['2025/26 - convenio norte - el ombu', { season_plan_id: 11, agreement: true, partners: new Map([['juan perez', 7]]), plots: new Map([['potrero 3', 110]]) }],
  ]),
  destinations: new Map([['acopio la cooperativa', 5]]),
  transports: new Map([['transportes del sur', { transport_id: 3, drivers: new Map([['carlos gomez', { carrier_id: 30, chassis_patent: 'AB123CD', trailer_patent: 'ABC123' }]]) }]]),
};

const header = BULK_COLUMNS.map((c) => c.header);
const good = ['2025/26 - Agro Pampa SA - La Esperanza', 'Lote 1', 'Acopio La Cooperativa', '15/03/2026', '', 'Transportes del Sur', 'Carlos Gómez', '', '', '12345678901', 'CP-1', '30,125', '14,5', '', '25'];

describe('bulk load rules (spec doc 3 §5 Bulk import)', () => {
  it('reads numbers with an optional comma and up to 3 decimals, rounded to 2', () => {
    expect(bulkNumber('30,125')).toBe('30.13');
    expect(bulkNumber('30')).toBe('30.00');
    expect(bulkNumber('0,004')).toBe('0.00');
    for (const bad of ['30.5', '30,1234', '-1', 'abc', '', '1,']) expect(bulkNumber(bad)).toBeNull();
  });

  it('reads DD/MM/YYYY of real days and Excel day serials', () => {
    expect(bulkDate('15/03/2026')).toBe('2026-03-15');
    expect(bulkDate('5/3/2026')).toBe('2026-03-05');
    expect(bulkDate('46096')).toBe('2026-03-15');
    for (const bad of ['31/02/2026', '2026-03-15', '15-03-2026', '15/03/26', '']) expect(bulkDate(bad)).toBeNull();
  });

  it('turns a good row into a movement: driver plates by default, US$ price with the default rate', () => {
    const { movements, errors } = validateBulkRows([header, good, Array(15).fill('')], lookups, '1465.00');
    expect(errors).toEqual([]);
    expect(movements).toEqual([
      {
        row: 2,
        labels: { farm: '2025/26 - Agro Pampa SA - La Esperanza', plot: 'Lote 1', destination: 'Acopio La Cooperativa', transport: 'Transportes del Sur', driver: 'Carlos Gómez', partner: '' },
        season_plan_id: 10,
        field_crop_id: 100,
        partner_id: null,
        destination_id: 5,
        transport_id: 3,
        carrier_id: 30,
        load_date: '2026-03-15',
        waybill: 'CP-1',
        grain_traceability_code: '12345678901',
        chassis_patent: 'AB123CD',
        trailer_patent: 'ABC123',
        origin_tons: '30.13',
        origin_humidity: '14.50',
        freight_price: '25.00',
        freight_exchange_rate: '1465.00',
      },
    ]);
  });

  it('derives US$ and the rate from the two prices, and US$ from ARS with the default rate', () => {
    const both = [...good.slice(0, 13), '36625', '25'];
    expect(validateBulkRows([header, both], lookups, null).movements[0]).toMatchObject({ freight_price: '25.00', freight_exchange_rate: '1465.00' });
    const arsOnly = [...good.slice(0, 13), '29300', ''];
    expect(validateBulkRows([header, arsOnly], lookups, '1465.00').movements[0]).toMatchObject({ freight_price: '20.00' });
  });

  it("names the rows and cells of each failing column with the spec's messages, and keeps no failing row", () => {
    const rows = [
      header,
      good,
      ['Otro campo', 'Lote 1', 'Silo 1', '31/02/2026', '', 'Nadie', '', '', '', '', '', '0', '14,5', '', 'x'],
      ['2025/26 - Agro Pampa SA - La Esperanza', 'Lote 9', 'Acopio La Cooperativa', '15/03/2026', '', 'Transportes del Sur', 'Carlos Gómez', 'ZZ999ZZ', '', '123', '', '10', '101', '', ''],
      ['2025/26 - Convenio Norte - El Ombú', 'Potrero 3', 'Acopio La Cooperativa', '15/03/2026', '', 'Transportes del Sur', 'Pedro', '', '', '', '', '10', '14', '', '20'],
    ];
    const { movements, errors } = validateBulkRows(rows, lookups, '1465.00');
    expect(movements.map((m) => m.row)).toEqual([2]);
    expect(errors).toEqual([
      { column: 'farm', message: BULK_MSG.farm, rows: [3], cells: ['A3'] },
      { column: 'plot', message: BULK_MSG.plot, rows: [4], cells: ['B4'] },
      { column: 'destination', message: BULK_MSG.destination, rows: [3], cells: ['C3'] },
      { column: 'date', message: 'Hay errores en las fechas', rows: [3], cells: ['D3'] },
      { column: 'partner', message: 'Hay errores en los socios', rows: [5], cells: ['E5'] },
      { column: 'transport', message: 'Hay errores en los transportes', rows: [3], cells: ['F3'] },
      { column: 'driver', message: 'Hay errores en los choferes', rows: [5], cells: ['G5'] },
      { column: 'chassis', message: BULK_MSG.chassis, rows: [4], cells: ['H4'] },
      { column: 'ctg', message: BULK_MSG.ctg, rows: [4], cells: ['J4'] },
      { column: 'tons', message: 'Hay errores en las toneladas', rows: [3], cells: ['L3'] },
      { column: 'humidity', message: 'Hay errores en las humedades', rows: [4], cells: ['M4'] },
      { column: 'price_usd', message: 'Hay errores en los precios US$', rows: [3, 4], cells: ['O3', 'O4'] },
    ]);
  });
});
