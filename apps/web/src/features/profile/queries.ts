import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody } from '@fm/domain';
import { useSession } from '../../session/hooks';
import { mergeSessionUser } from '../../session/session-store';
import { fetchCity, fetchProfile, saveProfile } from './api';

export const profileKeys = {
  all: ['profile'] as const,
  me: (userId: number | undefined) => ['profile', userId] as const,
  city: (cityId: number | null | undefined) => ['profile', 'city', cityId] as const,
};

export function useProfile() {
  const userId = useSession()?.user.user_id;
  return useQuery({ queryKey: profileKeys.me(userId), queryFn: fetchProfile, enabled: userId !== undefined });
}

export function useCity(cityId: number | null | undefined) {
  return useQuery({ queryKey: profileKeys.city(cityId), queryFn: () => fetchCity(Number(cityId)), enabled: Boolean(cityId), staleTime: Infinity });
}

/** Saves the profile and mirrors the new name/phone/... into the stored session (top bar, greeting). */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => saveProfile(body),
    onSuccess: async ({ profile }) => {
      mergeSessionUser(profile);
      await client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
