import { useMemo, useState } from 'react';
import { Select } from 'antd';
import type { FilterCond } from '@fm/domain';
import { useCompanies } from '../../land/queries';
import { useCrops } from '../../sowing-plan/queries';
import { useDestinations } from '../queries';
import { firstPage } from '../table';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Picked = { company_id?: number; destination_id?: number; crop_id?: number };
const KEYS = ['company_id', 'destination_id', 'crop_id'] as const;

/**
 * The Empresa / Destino / Producto selects of the movements and stocks lists: their `is` conditions on
 * `<prefix>.<id>` and a key that remounts the table (on its first page) when one changes.
 */
export function useIdFilters(prefix: 'movement' | 'stock', stateKey: string) {
  const companies = useCompanies('workspace');
  const destinations = useDestinations();
  const crops = useCrops();
  const [picked, setPicked] = useState<Picked>({});
  const conditions = useMemo<FilterCond[]>(
    () => KEYS.filter((k) => picked[k] !== undefined).map((k) => ({ field: `${prefix}.${k}`, condition: 'is' as const, value: picked[k] as number })),
    [prefix, picked],
  );
  const select = (key: keyof Picked, label: string, options: { value: number; label: string }[], width = 180) => (
    <Select
      allowClear
      aria-label={`Filtrar por ${label.toLowerCase()}`}
      placeholder={label}
      style={{ width }}
      value={picked[key]}
      onChange={(v: number | undefined) => {
        firstPage(stateKey);
        setPicked((p) => ({ ...p, [key]: v }));
      }}
      showSearch={SEARCH_BY_LABEL}
      options={options}
    />
  );
  const selects = (
    <>
      {select('company_id', 'Empresa', (companies.data ?? []).map((c) => ({ value: c.company_id, label: c.name })))}
      {select('destination_id', 'Destino', (destinations.data ?? []).map((d) => ({ value: d.destination_id, label: d.name })), 220)}
      {select('crop_id', 'Producto', (crops.data ?? []).map((c) => ({ value: c.crop_id, label: c.name })), 130)}
    </>
  );
  return { conditions, key: KEYS.map((k) => picked[k] ?? '').join('-'), selects };
}
