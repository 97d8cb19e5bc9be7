import { describe, expect, it } from 'vitest';
import { GRAIN_MSG, PLATE_MESSAGE } from '@fm/domain';
import { checkMovement, checkNewStock, checkStockMove } from './validation';

const valid = {
  season_plan_id: 1,
  field_crop_id: 2,
  destination_id: 3,
  transport_id: 4,
  freight_price: 10,
  origin_tons: 30,
  origin_humidity: 14,
};

describe('grain movement validation (spec doc 3 §5)', () => {
  it('lists the Movement table messages in its order', () => {
    expect(checkMovement({}, true).messages.slice(0, 8)).toEqual([
      GRAIN_MSG.planRequired,
      GRAIN_MSG.plotRequired,
      GRAIN_MSG.destinationRequired,
      GRAIN_MSG.transportRequired,
      GRAIN_MSG.freightPricePositive,
      GRAIN_MSG.tonsPositive,
      GRAIN_MSG.humidityRequired,
      GRAIN_MSG.partnerRequired,
    ]);
  });

  it('asks for Socio only for agreement companies and passes a complete movement', () => {
    expect(checkMovement(valid, false).messages).toEqual([]);
    expect(checkMovement(valid, true).messages).toEqual([GRAIN_MSG.partnerRequired]);
    expect(checkMovement({ ...valid, partner_id: 9 }, true).messages).toEqual([]);
  });

  it('refuses zero tons and freight, a bad CTG and a bad plate with the domain messages', () => {
    const r = checkMovement({ ...valid, origin_tons: 0, freight_price: 0, grain_traceability_code: '123', chassis_patent: 'A1' }, false);
    expect(r.messages).toEqual(expect.arrayContaining([GRAIN_MSG.tonsPositive, GRAIN_MSG.freightPricePositive, GRAIN_MSG.ctgInvalid, PLATE_MESSAGE]));
    expect(r.fields.find((f) => f.name === 'chassis_patent')?.errors).toEqual([PLATE_MESSAGE]);
    expect(checkMovement({ ...valid, grain_traceability_code: '12345678901', chassis_patent: 'ab 123 cd', trailer_patent: 'abc-123' }, false).messages).toEqual([]);
  });
});

describe('new stock and move stock validation', () => {
  it('asks for the silo bag name when creating one', () => {
    const base = { ...valid, destination_id: undefined, destination_tons: 20, destination_humidity: 13 };
    expect(checkNewStock({ ...base, create_silobag: true }, false).messages).toEqual([GRAIN_MSG.silobagNameRequired]);
    expect(checkNewStock({ ...base, create_silobag: true, silobag_name: 'Bolsa 1' }, false).messages).toEqual([]);
    expect(checkNewStock(base, false).messages).toEqual([GRAIN_MSG.destinationRequired]);
  });

  it('refuses tons above the stock and a missing transport with the Move stock messages', () => {
    const move = { destination_id: 3, transport_id: 4, freight_price: 5, origin_tons: 50, origin_humidity: 13 };
    expect(checkStockMove(move, 100, false).messages).toEqual([]);
    expect(checkStockMove({ ...move, origin_tons: 101 }, 100, false).messages).toEqual([GRAIN_MSG.tonsAboveStock]);
    expect(checkStockMove({ ...move, transport_id: undefined }, 100, false).messages).toEqual([GRAIN_MSG.carrierTransportRequired]);
  });
});
