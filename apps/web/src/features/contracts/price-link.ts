import { arsFromUsd, usdFromArs } from '@fm/domain';

export type PriceFields = { price?: number | string | null; price_ars?: number | string | null; exchange_rate?: number | string | null };
const num = (v: string | null) => (v === null ? undefined : Number(v));

/**
 * The three linked price fields (spec doc 3 "Contract form"): changing one recomputes the others to 2 decimals.
 * US$ or the rate changed → ARS = US$ × rate; ARS changed → US$ = ARS ÷ rate. Returns only the fields to set.
 */
export function linkPrices(changed: keyof PriceFields, v: PriceFields): Partial<Record<keyof PriceFields, number | undefined>> {
  if (changed === 'price_ars') {
    const usd = usdFromArs(v.price_ars, v.exchange_rate);
    return usd === null ? {} : { price: num(usd) };
  }
  const ars = arsFromUsd(v.price, v.exchange_rate);
  return ars === null ? {} : { price_ars: num(ars) };
}
