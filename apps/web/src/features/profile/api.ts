import type { ProfileBody, SessionUser } from '@fm/domain';
import { api, first } from '../../api/client';

export type Profile = Omit<SessionUser, 'workspaces'>;
export type CityDetail = { city_id: number; name: string; district: { district_id: number; name: string }; state: { state_id: number; name: string } };

/** GET users: the signed-in user's profile. */
export async function fetchProfile(): Promise<Profile> {
  return first(await api.get<Profile[]>('users', { workspace: false }));
}

/**
 * PUT users: name, last_name, phone, occupation, city_id, email. A new e-mail only becomes `pending_email`:
 * the server mails a link to it (opened by /confirmar-mail) and its message says so.
 */
export async function saveProfile(body: ProfileBody): Promise<{ profile: Profile; message?: string }> {
  const res = await api.put<Profile[]>('users', body, { workspace: false, query: { email_change_link: `${window.location.origin}/confirmar-mail` } });
  return { profile: first(res), message: res.message };
}

/** GET geo-locations?city_id: the locality with its district and province (to prefill the pickers). */
export async function fetchCity(cityId: number): Promise<CityDetail> {
  return first(await api.get<CityDetail[]>('geo-locations', { query: { city_id: cityId }, workspace: false }));
}
