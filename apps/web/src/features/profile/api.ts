import type { ProfileBody, SessionUser } from '@fm/domain';
import { api, first } from '../../api/client';

export type Profile = Omit<SessionUser, 'workspaces'> & { email_validated?: boolean };
export type CityDetail = { city_id: number; name: string; district: { district_id: number; name: string }; state: { state_id: number; name: string } };

/** GET users: the signed-in user's profile. */
export async function fetchProfile(): Promise<Profile> {
  return first(await api.get<Profile[]>('users', { workspace: false }));
}

/** PUT users: name, last_name, phone, occupation, city_id, email. */
export async function saveProfile(body: ProfileBody): Promise<Profile> {
  return first(await api.put<Profile[]>('users', body, { workspace: false }));
}

/** GET geo-locations?city_id: the locality with its district and province (to prefill the pickers). */
export async function fetchCity(cityId: number): Promise<CityDetail> {
  return first(await api.get<CityDetail[]>('geo-locations', { query: { city_id: cityId }, workspace: false }));
}
