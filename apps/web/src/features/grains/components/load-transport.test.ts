import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { loadTransportPayload } from './load-transport';

const filled = {
  transport_id: 4,
  carrier_id: 9,
  load_date: dayjs('2026-03-05'),
  waybill: '  CP-1 ',
  grain_traceability_code: ' 12345678901',
  chassis_patent: 'AA123BB ',
  trailer_patent: 'AAA123',
  freight_price: 12.5,
  freight_exchange_rate: 1450,
};

describe('loadTransportPayload', () => {
  it('sends the transport keys in the order the load routes got them, documents trimmed', () => {
    expect(JSON.stringify(loadTransportPayload(filled, 'as-entered'))).toBe(
      '{"transport_id":4,"carrier_id":9,"load_date":"2026-03-05","waybill":"CP-1","grain_traceability_code":"12345678901",' +
        '"chassis_patent":"AA123BB","trailer_patent":"AAA123","freight_price":12.5,"freight_exchange_rate":1450}',
    );
  });

  it('turns blank documents, no driver and no rate into null and an empty date into today', () => {
    const body = loadTransportPayload({ ...filled, carrier_id: undefined, load_date: null, waybill: '   ', grain_traceability_code: '', chassis_patent: undefined, trailer_patent: null, freight_exchange_rate: undefined }, 'as-entered');
    expect(body).toMatchObject({ carrier_id: null, load_date: dayjs().format('YYYY-MM-DD'), waybill: null, grain_traceability_code: null, chassis_patent: null, trailer_patent: null, freight_exchange_rate: null });
  });

  it('leaves a missing transport and freight as entered for the stock routes', () => {
    const body = loadTransportPayload({ freight_price: null }, 'as-entered');
    expect(body.transport_id).toBeUndefined();
    expect(body.freight_price).toBeNull();
    expect(JSON.stringify(body)).not.toContain('transport_id');
  });

  it('coerces them for the movement routes: transport 0, freight through Number()', () => {
    expect(loadTransportPayload({ freight_price: null }, 'coerced')).toMatchObject({ transport_id: 0, freight_price: 0 });
    expect(loadTransportPayload({ transport_id: 4, freight_price: '7.5' as unknown as number }, 'coerced')).toMatchObject({ transport_id: 4, freight_price: 7.5 });
  });
});
