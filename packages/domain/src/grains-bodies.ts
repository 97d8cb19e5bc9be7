import Big from 'big.js';
import { z } from 'zod';
import { optionalDecimalField } from './inventory';
import { normalizePlate, isValidPlate } from './plate';
import { optionalId, requiredIdOf } from './ids';
import { CONTRACT_CONDITIONS, GRAIN_MSG, GRAIN_PRICE_SCALE, HUMIDITY_SCALE, TONS_SCALE, isValidCtg, normalizeCtg, type ContractCondition } from './grains';

/**
 * Request bodies of the grain calls (spec doc 3 §5, §7; issue 11): zod schemas answering the spec's messages, decimals
 * as canonical strings (tons 3 decimals, prices and rates 2, humidity 2). Ids '' / 0 / null mean none.
 */
/** An optional id ('' / 0 / null = none). */
export const grainIdOrNull = optionalId;
/** A required id whose absence answers the spec's message. */
const requiredId = requiredIdOf;
const text = (max: number) =>
  z
    .union([z.string().max(max, GRAIN_MSG.textTooLong(max)), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));

/** A required decimal: missing or not above 0 → `message` (the spec words both the same way). */
const requiredPositive = (scale: number, max: number, message: string) =>
  optionalDecimalField({ scale, max, min: 'positive', minMessage: message }).transform((v, ctx): string => {
    if (v === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v;
  });
export const tonsField = (message: string = GRAIN_MSG.tonsPositive) => requiredPositive(TONS_SCALE, 1e11, message);
export const humidityField = optionalDecimalField({ scale: HUMIDITY_SCALE, max: 1000, min: 'non-negative', minMessage: GRAIN_MSG.humidityRange }).transform((v, ctx): string => {
  if (v === null) {
    ctx.addIssue({ code: 'custom', message: GRAIN_MSG.humidityRequired });
    return z.NEVER;
  }
  if (new Big(v).gt(100)) {
    ctx.addIssue({ code: 'custom', message: GRAIN_MSG.humidityRange });
    return z.NEVER;
  }
  return v;
});
const freightPriceField = requiredPositive(GRAIN_PRICE_SCALE, 1e12, GRAIN_MSG.freightPricePositive);
const rateField = optionalDecimalField({ scale: GRAIN_PRICE_SCALE, max: 1e8, min: 'positive', minMessage: GRAIN_MSG.exchangeRatePositive });
const moneyOrNull = optionalDecimalField({ scale: GRAIN_PRICE_SCALE, max: 1e12, min: 'non-negative', minMessage: GRAIN_MSG.numberInvalid });

const isCalendarDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
/** A calendar day YYYY-MM-DD (an ISO instant is cut to its day); missing → null (the server uses today). */
export const grainDayField = z
  .union([z.string().max(40), z.null()])
  .optional()
  .transform((v, ctx): string | null => {
    if (v === undefined || v === null || v.trim() === '') return null;
    const day = v.trim().slice(0, 10);
    if (!isCalendarDay(day)) {
      ctx.addIssue({ code: 'custom', message: GRAIN_MSG.dateInvalid });
      return z.NEVER;
    }
    return day;
  });
const plateField = text(20).transform((v, ctx): string | null => {
  if (v === null) return null;
  if (!isValidPlate(v)) {
    ctx.addIssue({ code: 'custom', message: GRAIN_MSG.plateInvalid });
    return z.NEVER;
  }
  return normalizePlate(v);
});
const ctgField = text(20).transform((v, ctx): string | null => {
  if (v === null) return null;
  if (!isValidCtg(v)) {
    ctx.addIssue({ code: 'custom', message: GRAIN_MSG.ctgInvalid });
    return z.NEVER;
  }
  return normalizeCtg(v);
});

/** Transport, carrier, documents and freight: shared by a movement, a new stock and a stock move. */
const transportFields = {
  carrier_id: grainIdOrNull,
  load_date: grainDayField,
  waybill: text(40),
  grain_traceability_code: ctgField,
  chassis_patent: plateField,
  trailer_patent: plateField,
  freight_price: freightPriceField,
  freight_exchange_rate: rateField,
};

/**
 * Origin season plan and plot: `season_plan_id`, or the plan's season, company and farm (the "Campaña - Empresa -
 * Establecimiento" choice); the server checks the plan is the workspace's and the plot the plan's.
 */
const originFields = {
  season_plan_id: grainIdOrNull,
  season_id: grainIdOrNull,
  company_id: grainIdOrNull,
  farm_id: grainIdOrNull,
  field_crop_id: requiredId(GRAIN_MSG.plotRequired),
  partner_id: grainIdOrNull,
};
/** Run the cross-field rules even when a field failed, so every message is answered at once (spec §5 "one per line"). */
const ALWAYS = { when: () => true };
/** A field that failed to parse is not "missing" here (its own message is already there). */
const planChosen = (b: { season_plan_id: number | null; season_id: number | null; company_id: number | null; farm_id: number | null }) =>
  (b.season_plan_id ?? null) !== null || ((b.season_id ?? null) !== null && (b.company_id ?? null) !== null && (b.farm_id ?? null) !== null);
const requirePlan = <T extends Parameters<typeof planChosen>[0]>(b: T, ctx: z.RefinementCtx) => {
  if (!planChosen(b)) ctx.addIssue({ code: 'custom', path: ['season_plan_id'], message: GRAIN_MSG.planRequired });
};

/** One movement of POST grains/movements {movements:[…]} and the body of PUT grains/movements?movement_id. */
export const GrainMovementBody = z
  .object({
    ...originFields,
    destination_id: requiredId(GRAIN_MSG.destinationRequired),
    transport_id: requiredId(GRAIN_MSG.transportRequired),
    ...transportFields,
    origin_tons: tonsField(),
    origin_humidity: humidityField,
  })
  .superRefine(requirePlan, ALWAYS);
export type GrainMovementBody = z.output<typeof GrainMovementBody>;
export type GrainMovementBodyInput = z.input<typeof GrainMovementBody>;

export const GrainMovementsBody = z.object({
  movements: z.array(GrainMovementBody).max(10_000).optional().default([]).refine((rows) => rows.length > 0, GRAIN_MSG.movementsRequired),
});
export type GrainMovementsBody = z.output<typeof GrainMovementsBody>;

/** POST grains/movements/receptions. */
export const ReceptionsBody = z.object({
  receptions: z
    .array(z.object({ movement_id: requiredId(GRAIN_MSG.receptionsRequired), destination_tons: tonsField(), destination_humidity: humidityField }))
    .max(1000)
    .optional()
    .default([])
    .superRefine((rows, ctx) => {
      if (!rows.length) ctx.addIssue({ code: 'custom', message: GRAIN_MSG.receptionsRequired });
      const seen = new Set<number>();
      rows.forEach((r, i) => {
        if (seen.has(r.movement_id)) ctx.addIssue({ code: 'custom', path: [i, 'movement_id'], message: GRAIN_MSG.movementRepeated });
        seen.add(r.movement_id);
      });
    }),
});
export type ReceptionsBody = z.output<typeof ReceptionsBody>;

/**
 * POST grains/stocks (Nuevo Stock): the movement's rules plus destination tons and humidity; `create_silobag` (the
 * destination choice 'Crear silobolsa') creates a Silobolsa named `silobag_name` on the plan's farm first.
 */
export const NewGrainStockBody = z
  .object({
    ...originFields,
    destination_id: grainIdOrNull,
    create_silobag: z.boolean().optional().default(false),
    silobag_name: text(120),
    transport_id: requiredId(GRAIN_MSG.transportRequired),
    ...transportFields,
    destination_tons: tonsField(),
    destination_humidity: humidityField,
    contractor_id: grainIdOrNull,
    labor_price: moneyOrNull,
    labor_exchange_rate: rateField,
    observations: text(500),
  })
  .superRefine((b, ctx) => {
    requirePlan(b, ctx);
    if (b.create_silobag) {
      if (b.silobag_name === null) ctx.addIssue({ code: 'custom', path: ['silobag_name'], message: GRAIN_MSG.silobagNameRequired });
    } else if (b.destination_id === null) ctx.addIssue({ code: 'custom', path: ['destination_id'], message: GRAIN_MSG.destinationRequired });
  }, ALWAYS);
export type NewGrainStockBody = z.output<typeof NewGrainStockBody>;
export type NewGrainStockBodyInput = z.input<typeof NewGrainStockBody>;

/** POST grains/stocks/movement?stock_id (move stock out of a Silo / Silobolsa into a new in-transit movement). */
export const MoveGrainStockBody = z.object({
  destination_id: requiredId(GRAIN_MSG.destinationRequired),
  partner_id: grainIdOrNull,
  transport_id: requiredId(GRAIN_MSG.carrierTransportRequired),
  ...transportFields,
  tons: tonsField(),
  humidity: humidityField,
});
export type MoveGrainStockBody = z.output<typeof MoveGrainStockBody>;
export type MoveGrainStockBodyInput = z.input<typeof MoveGrainStockBody>;

/** POST grains/contracts, PUT grains/contracts?contract_id. */
export const ContractBody = z.object({
  company_id: requiredId(GRAIN_MSG.companyRequired),
  crop_id: requiredId(GRAIN_MSG.productRequired),
  buyer_id: requiredId(GRAIN_MSG.buyerRequired),
  season_id: requiredId(GRAIN_MSG.seasonRequired),
  agreement_id: grainIdOrNull,
  tons: tonsField(GRAIN_MSG.contractTonsPositive),
  price: requiredPositive(GRAIN_PRICE_SCALE, 1e12, GRAIN_MSG.contractPricePositive),
  exchange_rate: rateField,
  deadline: grainDayField,
  condition: z
    .union([z.string().max(40), z.null()])
    .optional()
    .transform((v, ctx): ContractCondition | null => {
      if (!v) return null;
      if (!(CONTRACT_CONDITIONS as readonly string[]).includes(v)) {
        ctx.addIssue({ code: 'custom', message: GRAIN_MSG.conditionInvalid });
        return z.NEVER;
      }
      return v as ContractCondition;
    }),
  contract_number: text(40),
  trade: z.boolean().optional().default(false),
  observations: text(500),
});
export type ContractBody = z.output<typeof ContractBody>;
export type ContractBodyInput = z.input<typeof ContractBody>;

/** POST grains/contracts/movements?contract_id {movements:[{movement_id, tons, delivery_date}]}. */
export const ContractDeliveriesBody = z.object({
  movements: z
    .array(z.object({ movement_id: requiredId(GRAIN_MSG.noMovementSelected), tons: tonsField(), delivery_date: grainDayField }))
    .max(1000)
    .optional()
    .default([])
    .refine((rows) => rows.length > 0, GRAIN_MSG.noMovementSelected),
});
export type ContractDeliveriesBody = z.output<typeof ContractDeliveriesBody>;
export type ContractDeliveriesBodyInput = z.input<typeof ContractDeliveriesBody>;
