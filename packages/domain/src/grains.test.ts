import { describe, expect, it } from 'vitest';
import { ContractBody, ContractDeliveriesBody, GrainMovementBody, GrainMovementsBody, MoveGrainStockBody, NewGrainStockBody, ReceptionsBody } from './grains-bodies';
import { GRAIN_HUMIDITY_STANDARDS, GRAIN_MSG, arsFromUsd, contractStatus, humidityShrink, isValidCtg, pendingTons, rateFromPrices, shrinkPercent, stockActions, usdFromArs } from './grains';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []));

const movement = {
  season_plan_id: 1,
  field_crop_id: 2,
  destination_id: 3,
  transport_id: 4,
  origin_tons: '30,5',
  origin_humidity: 14,
  freight_price: 12.345,
};

describe('contract rules', () => {
  it('status follows the delivered tons', () => {
    expect(contractStatus('100', '0')).toBe('Sin entregar');
    expect(contractStatus('100', '0.001')).toBe('Entrega parcial');
    expect(contractStatus('100', '99.999')).toBe('Entrega parcial');
    expect(contractStatus('100', '100')).toBe('Cumplido');
    expect(contractStatus('100', '120.5')).toBe('Cumplido');
  });

  it('pending tons is committed minus delivered to 2 decimals', () => {
    expect(pendingTons('100', '33.335')).toBe('66.67');
    expect(pendingTons('100', '0')).toBe('100.00');
    expect(pendingTons('10', '10')).toBe('0.00');
  });

  it('linked prices recompute to 2 decimals', () => {
    expect(usdFromArs('100000', '1000')).toBe('100.00');
    expect(usdFromArs('1000', '3')).toBe('333.33');
    expect(arsFromUsd('250.5', '1012.25')).toBe('253568.63');
    expect(rateFromPrices('253568.63', '250.5')).toBe('1012.25');
    expect(usdFromArs('1000', '0')).toBeNull();
    expect(rateFromPrices('1000', '')).toBeNull();
    expect(arsFromUsd('abc', '2')).toBeNull();
  });
});

describe('humidity shrink (merma por secado)', () => {
  const standard = (cropId: number) => {
    const s = GRAIN_HUMIDITY_STANDARDS.find((x) => x.crop_id === cropId);
    if (!s) throw new Error(`no standard for crop ${cropId}`);
    return s;
  };
  const maize = standard(2);
  const soy = standard(1);

  it('seeds the usual Argentine tolerances with their source', () => {
    expect(maize).toMatchObject({ base_humidity: '14.50', drying_humidity: '13.50', shrink_factor: '1.156', handling_loss: '0.25' });
    expect(soy).toMatchObject({ base_humidity: '13.50', shrink_factor: '1.149' });
    expect(GRAIN_HUMIDITY_STANDARDS.find((s) => s.crop_id === 4)?.base_humidity).toBe('11.00');
    expect(maize.source).toMatch(/1075\/94/);
  });

  it('is zero at or below the tolerance and follows the official table above it (plus 0.25 % handling)', () => {
    expect(shrinkPercent('14.5', maize)).toBe('0.00');
    expect(shrinkPercent('12', maize)).toBe('0.00');
    // Res. 1075/94 maize table: 14.6 % → 1.27 %, 25 % → 13.29 % (plus handling)
    expect(shrinkPercent('14.6', maize)).toBe('1.52');
    expect(shrinkPercent('25', maize)).toBe('13.54');
  });

  it('gives shrink and net tons to 3 decimals', () => {
    expect(humidityShrink('30', '16', maize)).toEqual({ shrink_percent: '3.14', shrink_tons: '0.942', net_tons: '29.058' });
    expect(humidityShrink('30', '16', null)).toEqual({ shrink_percent: '0.00', shrink_tons: '0.000', net_tons: '30.000' });
  });
});

describe('movement body', () => {
  it('accepts a movement, rounding tons to 3 decimals and prices to 2', () => {
    const r = GrainMovementBody.parse({ ...movement, chassis_patent: 'ab 123-cd', trailer_patent: 'aaa123', grain_traceability_code: '123-456-789 01' });
    expect(r).toMatchObject({ origin_tons: '30.500', origin_humidity: '14.00', freight_price: '12.35', chassis_patent: 'AB123CD', trailer_patent: 'AAA123', grain_traceability_code: '12345678901', load_date: null });
  });

  it('answers every message of the spec Movement table', () => {
    const r = GrainMovementBody.safeParse({});
    expect(messages(r)).toEqual(
      expect.arrayContaining([
        GRAIN_MSG.plotRequired,
        GRAIN_MSG.destinationRequired,
        GRAIN_MSG.transportRequired,
        GRAIN_MSG.freightPricePositive,
        GRAIN_MSG.tonsPositive,
        GRAIN_MSG.humidityRequired,
      ]),
    );
    expect(messages(GrainMovementBody.safeParse({ ...movement, season_plan_id: null }))).toEqual([GRAIN_MSG.planRequired]);
    expect(messages(GrainMovementBody.safeParse({ ...movement, season_plan_id: null, season_id: 1, company_id: 2, farm_id: 3 }))).toEqual([]);
    expect(messages(GrainMovementBody.safeParse({ ...movement, origin_tons: 0 }))).toEqual([GRAIN_MSG.tonsPositive]);
    expect(messages(GrainMovementBody.safeParse({ ...movement, freight_price: '0' }))).toEqual([GRAIN_MSG.freightPricePositive]);
  });

  it('refuses bad CTG, plates and humidity', () => {
    expect(messages(GrainMovementBody.safeParse({ ...movement, grain_traceability_code: '1234' }))).toEqual([GRAIN_MSG.ctgInvalid]);
    expect(messages(GrainMovementBody.safeParse({ ...movement, chassis_patent: 'A1' }))).toEqual([GRAIN_MSG.plateInvalid]);
    expect(messages(GrainMovementBody.safeParse({ ...movement, origin_humidity: 101 }))).toEqual([GRAIN_MSG.humidityRange]);
    expect(isValidCtg('12345678901')).toBe(true);
    expect(isValidCtg('1234567890a')).toBe(false);
  });

  it('needs at least one movement in POST', () => {
    expect(messages(GrainMovementsBody.safeParse({ movements: [] }))).toEqual([GRAIN_MSG.movementsRequired]);
  });
});

describe('receptions, stocks, contracts, deliveries', () => {
  it('receptions need a selection and no repeats', () => {
    expect(messages(ReceptionsBody.safeParse({ receptions: [] }))).toEqual([GRAIN_MSG.receptionsRequired]);
    expect(messages(ReceptionsBody.safeParse({}))).toEqual([GRAIN_MSG.receptionsRequired]);
    const row = { movement_id: 1, destination_tons: 30, destination_humidity: 15 };
    expect(messages(ReceptionsBody.safeParse({ receptions: [row, row] }))).toEqual([GRAIN_MSG.movementRepeated]);
    expect(messages(ReceptionsBody.safeParse({ receptions: [{ ...row, destination_humidity: '' }] }))).toEqual([GRAIN_MSG.humidityRequired]);
  });

  it('new stock: silobag name when creating one, destination otherwise', () => {
    const base = { ...movement, destination_id: null, destination_tons: 10, destination_humidity: 13 };
    expect(messages(NewGrainStockBody.safeParse({ ...base, create_silobag: true }))).toEqual([GRAIN_MSG.silobagNameRequired]);
    expect(messages(NewGrainStockBody.safeParse(base))).toEqual([GRAIN_MSG.destinationRequired]);
    expect(NewGrainStockBody.parse({ ...base, create_silobag: true, silobag_name: ' Bolsa 1 ' }).silobag_name).toBe('Bolsa 1');
  });

  it('move stock answers its messages', () => {
    expect(messages(MoveGrainStockBody.safeParse({}))).toEqual(
      expect.arrayContaining([GRAIN_MSG.destinationRequired, GRAIN_MSG.carrierTransportRequired, GRAIN_MSG.tonsPositive, GRAIN_MSG.humidityRequired, GRAIN_MSG.freightPricePositive]),
    );
  });

  it('contract answers the spec Contract table', () => {
    expect(messages(ContractBody.safeParse({ tons: 0, price: 0 }))).toEqual([
      GRAIN_MSG.companyRequired,
      GRAIN_MSG.productRequired,
      GRAIN_MSG.buyerRequired,
      GRAIN_MSG.seasonRequired,
      GRAIN_MSG.contractTonsPositive,
      GRAIN_MSG.contractPricePositive,
    ]);
    const ok = ContractBody.parse({ company_id: 1, crop_id: 1, buyer_id: 1, season_id: 1, tons: '100,1234', price: 250.555, condition: '' });
    expect(ok).toMatchObject({ tons: '100.123', price: '250.56', condition: null, trade: false });
    expect(messages(ContractBody.safeParse({ company_id: 1, crop_id: 1, buyer_id: 1, season_id: 1, tons: 1, price: 1, condition: 'x' }))).toEqual([GRAIN_MSG.conditionInvalid]);
  });

  it('deliveries need a movement', () => {
    expect(messages(ContractDeliveriesBody.safeParse({ movements: [] }))).toEqual([GRAIN_MSG.noMovementSelected]);
    expect(messages(ContractDeliveriesBody.safeParse({ movements: [{ movement_id: null, tons: 1 }] }))).toEqual([GRAIN_MSG.noMovementSelected]);
    expect(ContractDeliveriesBody.parse({ movements: [{ movement_id: 5, tons: 1.5 }] }).movements[0]).toEqual({ movement_id: 5, tons: '1.500', delivery_date: null });
  });

  it('stock row actions follow the destination type and tons', () => {
    expect(stockActions({ destination_type: 'Acopio', tons: '5' })).toEqual({ deliveries: true, delete: false, move: false });
    expect(stockActions({ destination_type: 'Acopio', tons: '0' })).toEqual({ deliveries: false, delete: true, move: false });
    expect(stockActions({ destination_type: 'Silobolsa', tons: '0' })).toEqual({ deliveries: false, delete: true, move: true });
  });
});
