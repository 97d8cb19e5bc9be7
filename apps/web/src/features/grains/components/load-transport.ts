import { useEffect } from 'react';
import type { FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useExchangeVenta } from '../../../api/market';
import type { MovementPayload } from '../types';

/** The fields of LoadCards and LoadDateField as a load form holds them. */
export type LoadTransportValues = {
  transport_id?: number | null;
  carrier_id?: number | null;
  load_date?: Dayjs | null;
  waybill?: string | null;
  grain_traceability_code?: string | null;
  chassis_patent?: string | null;
  trailer_patent?: string | null;
  freight_price?: number | null;
  freight_exchange_rate?: number | null;
};

/**
 * How the two required numbers reach the body: the stock routes get them as entered (a missing transport is left
 * out of the JSON), the movement routes' typed body gets transport 0 and Number(freight) instead.
 */
export type RequiredNumbers = 'as-entered' | 'coerced';

type LoadTransportPayload<Transport, Freight> = Pick<
  MovementPayload,
  'carrier_id' | 'load_date' | 'waybill' | 'grain_traceability_code' | 'chassis_patent' | 'trailer_patent' | 'freight_exchange_rate'
> & { transport_id: Transport; freight_price: Freight };

const trimmedOrNull = (v: string | null | undefined) => v?.trim() || null;

/** Transport, driver, plates, documents, load date (today when empty) and freight of a grain load's request body. */
export function loadTransportPayload(v: LoadTransportValues, numbers: 'as-entered'): LoadTransportPayload<number | null | undefined, number | null | undefined>;
export function loadTransportPayload(v: LoadTransportValues, numbers: 'coerced'): LoadTransportPayload<number, number>;
export function loadTransportPayload(v: LoadTransportValues, numbers: RequiredNumbers) {
  return {
    transport_id: numbers === 'coerced' ? (v.transport_id ?? 0) : v.transport_id,
    carrier_id: v.carrier_id ?? null,
    load_date: (v.load_date ?? dayjs()).format('YYYY-MM-DD'),
    waybill: trimmedOrNull(v.waybill),
    grain_traceability_code: trimmedOrNull(v.grain_traceability_code),
    chassis_patent: trimmedOrNull(v.chassis_patent),
    trailer_patent: trimmedOrNull(v.trailer_patent),
    freight_price: numbers === 'coerced' ? Number(v.freight_price) : v.freight_price,
    freight_exchange_rate: v.freight_exchange_rate ?? null,
  };
}

const NO_OTHER_FIELDS: readonly string[] = [];

/**
 * Fills the empty exchange-rate fields (freight's, and any other the form names) with today's venta once it arrives.
 * `otherFields` must be a stable array (a module constant): a new one on each render would run the effect again.
 */
export function useDefaultFreightRate(form: FormInstance, { otherFields = NO_OTHER_FIELDS, enabled = true }: { otherFields?: readonly string[]; enabled?: boolean } = {}) {
  const venta = useExchangeVenta();
  useEffect(() => {
    if (!enabled || !venta.data) return;
    for (const name of ['freight_exchange_rate', ...otherFields]) {
      if (!form.getFieldValue(name)) form.setFieldValue(name, venta.data);
    }
  }, [venta.data, enabled, form, otherFields]);
}
