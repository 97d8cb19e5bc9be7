import { useReferenceList } from '../../api/use-list';

export type Province = { state_id: number; name: string };
export type District = { district_id: number; name: string };
export type City = { city_id: number; name: string };

/** Country id 1 is Argentina (spec doc 1 §9). */
export const COUNTRY_ID = 1;

export function useProvinces() {
  return useReferenceList<Province>('geo-locations', { country_id: COUNTRY_ID }, { workspace: false });
}

export function useDistricts(stateId: number | undefined) {
  return useReferenceList<District>('geo-locations', { state_id: stateId ?? null }, { workspace: false, enabled: Boolean(stateId) });
}

export function useCities(districtId: number | undefined) {
  return useReferenceList<City>('geo-locations', { district_id: districtId ?? null }, { workspace: false, enabled: Boolean(districtId) });
}
