import { EXAMPLE_PLACE, type FinishSignupBody, type OnboardingBody, type OnboardingResult, type SessionPayload, type SessionUser } from '@fm/domain';
import { api, first } from '../../api/client';
import { getSession, mergeSessionUser, startSession } from '../../session/session-store';

/** POST users/onboarding, then renews the session: the trial started and onboarding_completed is now true. */
export async function finishOnboarding(body: OnboardingBody): Promise<OnboardingResult> {
  const result = first(await api.post<OnboardingResult[]>('users/onboarding', body, { workspace: false, overlay: true }));
  const current = getSession();
  const res = await api.get<SessionPayload[]>('users/auth', { query: { renew: true, workspace_id: current?.workspaceId }, workspace: false });
  startSession(first(res), { remember: current?.remember ?? true, sso: current?.sso });
  return result;
}

/**
 * PUT users/signup (spec doc 1 §3 "Finish signup"), then mirrors the answered user into the stored session
 * as the profile screen does: signup_completed turns true, so the finish modal gives way to the onboarding.
 */
export async function finishSignup(body: FinishSignupBody): Promise<void> {
  const user = first(await api.put<Omit<SessionUser, 'workspaces'>[]>('users/signup', body, { workspace: false, overlay: true }));
  mergeSessionUser(user);
}

type Named = { name: string };
async function byName<T extends Named>(query: Record<string, number>, name: string): Promise<T | undefined> {
  const res = await api.get<T[]>('geo-locations', { query, workspace: false });
  return res.data.find((r) => r.name === name);
}

/** Locality of the example data: the user's own, else Pergamino (Buenos Aires). */
export async function exampleCityId(userCityId: number | null): Promise<number> {
  if (userCityId) return userCityId;
  const state = await byName<Named & { state_id: number }>({ country_id: 1 }, EXAMPLE_PLACE.state);
  const district = state ? await byName<Named & { district_id: number }>({ state_id: state.state_id }, EXAMPLE_PLACE.district) : undefined;
  const city = district ? await byName<Named & { city_id: number }>({ district_id: district.district_id }, EXAMPLE_PLACE.city) : undefined;
  if (!city) throw new Error('No se encontró la localidad de ejemplo');
  return city.city_id;
}
