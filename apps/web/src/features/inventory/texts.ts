import { ENTRY_ROW_FIELD_NAMES, INVENTORY_CATALOGUE_MSG, INVENTORY_MSG, SUPPLY_TYPES, TOXICOLOGICAL_BANDS, TRANSACTION_TYPE_LABELS } from '@fm/domain';
import { NO_MORE_OPTIONS, NO_OPTIONS } from '../../components/supply-picker';

/** The spec's inventory texts verbatim (doc 2 §2.8, §5, §8) from @fm/domain, plus the screens' own. */
export const INV_MSG = {
  ...INVENTORY_MSG,
  stockAdjusted: INVENTORY_MSG.adjustmentDone,
  stockMoved: INVENTORY_MSG.movementDone,
  noMoreOptions: NO_MORE_OPTIONS,
  noOptions: NO_OPTIONS,
  supplyNameRequired: INVENTORY_CATALOGUE_MSG.nameRequired,
  supplyTypeRequired: INVENTORY_CATALOGUE_MSG.supplyTypeRequired,
  unitRequired: INVENTORY_CATALOGUE_MSG.unitRequired,
  countedRequired: 'Ingresá la cantidad contada',
  quantityRequired: 'Ingresá la cantidad a mover',
  documentUnread: INVENTORY_MSG.documentUnreadable,
  usdPartial: '(solo stocks con tipo de cambio)',
} as const;

/** Spanish names of a stock-entry row's required fields, as 'falta completar {fields}' lists them. */
export const ENTRY_FIELD_NAMES = ENTRY_ROW_FIELD_NAMES;

/** Stock transaction types (spec doc 2 §4): INITIAL is shown as Alta. */
export const TRANSACTION_LABELS = TRANSACTION_TYPE_LABELS;

/** Supply types of the catalogue (issue 9 item 2) as select options. */
export const SUPPLY_TYPE_OPTIONS = SUPPLY_TYPES.map((t) => ({ value: t.supply_type_id, label: t.name }));

/** SENASA toxicological bands. */
export const TOXICOLOGICAL_BAND_OPTIONS = TOXICOLOGICAL_BANDS.map((b) => ({ value: b.band, label: `${b.band} · ${b.name}` }));
