import { GRAIN_MSG, GrainMovementBody, MoveGrainStockBody, NewGrainStockBody } from '@fm/domain';

type Maybe<T> = T | null | undefined;
const blank = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && !Number.isFinite(v));
const positive = (v: unknown) => !blank(v) && Number(v) > 0;

export type MovementDraft = {
  season_plan_id?: Maybe<number>;
  field_crop_id?: Maybe<number>;
  destination_id?: Maybe<number>;
  transport_id?: Maybe<number>;
  partner_id?: Maybe<number>;
  freight_price?: Maybe<number>;
  origin_tons?: Maybe<number>;
  origin_humidity?: Maybe<number>;
  grain_traceability_code?: Maybe<string>;
  chassis_patent?: Maybe<string>;
  trailer_patent?: Maybe<string>;
  freight_exchange_rate?: Maybe<number>;
  waybill?: Maybe<string>;
};

/** Every message (one per line in the toast) and each form field's own. */
export type Checked = { messages: string[]; fields: { name: string; errors: string[] }[] };
type Rule = [field: string, ok: boolean, message: string];
type Parsable = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } };

/** The spec's rules first (its table order), then whatever else the domain schema refuses (CTG, plates, ranges). */
function collect(rules: Rule[], schema: Parsable, body: object, rename: Record<string, string> = {}): Checked {
  const issues = schema.safeParse(body).error?.issues ?? [];
  const all: Rule[] = [...rules, ...issues.map((i): Rule => [rename[String(i.path[0])] ?? String(i.path[0] ?? ''), false, i.message])];
  const byField = new Map<string, string[]>();
  for (const [name, ok, m] of all) {
    const list = byField.get(name) ?? [];
    if (!ok && !list.includes(m)) list.push(m);
    byField.set(name, list);
  }
  const messages = [...new Set(all.filter(([, ok]) => !ok).map(([, , m]) => m))];
  return { messages, fields: [...byField].filter(([name]) => name).map(([name, errors]) => ({ name, errors })) };
}

const documents = (d: MovementDraft) => ({
  grain_traceability_code: d.grain_traceability_code ?? null,
  chassis_patent: d.chassis_patent ?? null,
  trailer_patent: d.trailer_patent ?? null,
  waybill: d.waybill ?? null,
  freight_price: d.freight_price ?? null,
  freight_exchange_rate: d.freight_exchange_rate ?? null,
  transport_id: d.transport_id ?? null,
  destination_id: d.destination_id ?? null,
});

/** The spec's Movement table (doc 3 §5), in its order; Socio only for agreement companies. */
export function checkMovement(d: MovementDraft, isAgreement: boolean): Checked {
  return collect(
    [
      ['season_plan_id', !blank(d.season_plan_id), GRAIN_MSG.planRequired],
      ['field_crop_id', !blank(d.field_crop_id), GRAIN_MSG.plotRequired],
      ['destination_id', !blank(d.destination_id), GRAIN_MSG.destinationRequired],
      ['transport_id', !blank(d.transport_id), GRAIN_MSG.transportRequired],
      ['freight_price', positive(d.freight_price), GRAIN_MSG.freightPricePositive],
      ['origin_tons', positive(d.origin_tons), GRAIN_MSG.tonsPositive],
      ['origin_humidity', !blank(d.origin_humidity), GRAIN_MSG.humidityRequired],
      ['partner_id', !isAgreement || !blank(d.partner_id), GRAIN_MSG.partnerRequired],
    ],
    GrainMovementBody,
    { ...documents(d), season_plan_id: d.season_plan_id ?? null, field_crop_id: d.field_crop_id ?? null, origin_tons: d.origin_tons ?? null, origin_humidity: d.origin_humidity ?? null },
  );
}

export type StockDraft = MovementDraft & { create_silobag?: boolean; silobag_name?: Maybe<string>; destination_tons?: Maybe<number>; destination_humidity?: Maybe<number> };

/** New stock (doc 3 §5): the movement's rules, destination tons above 0, humidity, and the silo bag's name when creating one. */
export function checkNewStock(d: StockDraft, isAgreement: boolean): Checked {
  return collect(
    [
      ['season_plan_id', !blank(d.season_plan_id), GRAIN_MSG.planRequired],
      ['field_crop_id', !blank(d.field_crop_id), GRAIN_MSG.plotRequired],
      ['destination_id', Boolean(d.create_silobag) || !blank(d.destination_id), GRAIN_MSG.destinationRequired],
      ['silobag_name', !d.create_silobag || !blank(d.silobag_name?.trim()), GRAIN_MSG.silobagNameRequired],
      ['transport_id', !blank(d.transport_id), GRAIN_MSG.transportRequired],
      ['freight_price', positive(d.freight_price), GRAIN_MSG.freightPricePositive],
      ['destination_tons', positive(d.destination_tons), GRAIN_MSG.tonsPositive],
      ['destination_humidity', !blank(d.destination_humidity), GRAIN_MSG.humidityRequired],
      ['partner_id', !isAgreement || !blank(d.partner_id), GRAIN_MSG.partnerRequired],
    ],
    NewGrainStockBody,
    {
      ...documents(d),
      destination_id: d.create_silobag ? null : (d.destination_id ?? null),
      create_silobag: Boolean(d.create_silobag),
      silobag_name: d.silobag_name ?? null,
      season_plan_id: d.season_plan_id ?? null,
      field_crop_id: d.field_crop_id ?? null,
      destination_tons: d.destination_tons ?? null,
      destination_humidity: d.destination_humidity ?? null,
    },
  );
}

/** Move stock (doc 3 §5): destination, partner (agreements), tons above 0 and not above the stock, humidity, transport, freight. */
export function checkStockMove(d: MovementDraft, stockTons: number, isAgreement: boolean): Checked {
  return collect(
    [
      ['destination_id', !blank(d.destination_id), GRAIN_MSG.destinationRequired],
      ['partner_id', !isAgreement || !blank(d.partner_id), GRAIN_MSG.partnerRequired],
      ['origin_tons', positive(d.origin_tons), GRAIN_MSG.tonsPositive],
      ['origin_tons', blank(d.origin_tons) || Number(d.origin_tons) <= stockTons, GRAIN_MSG.tonsAboveStock],
      ['origin_humidity', !blank(d.origin_humidity), GRAIN_MSG.humidityRequired],
      ['transport_id', !blank(d.transport_id), GRAIN_MSG.carrierTransportRequired],
      ['freight_price', positive(d.freight_price), GRAIN_MSG.freightPricePositive],
    ],
    MoveGrainStockBody,
    { ...documents(d), tons: d.origin_tons ?? null, humidity: d.origin_humidity ?? null },
    { tons: 'origin_tons', humidity: 'origin_humidity' },
  );
}

/** A field the user changes loses the message of the last attempt (the next Guardar checks it again). */
export function clearErrors(form: { setFields: (fields: never[]) => void }, changed: object): void {
  form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })) as never[]);
}
