import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PermissionEntry } from '@fm/domain';
import { listKeys } from '../../api/use-list';
import { usersApi, type Person } from './api';

export const usersKeys = {
  all: listKeys.all('workspaces/users'),
  person: (p: Person) => [...listKeys.all('workspaces/users'), 'person', p.user_id ?? p.email] as const,
  permissions: (workspaceId: number, p: Person) => [...listKeys.all('workspaces/users'), 'permissions', workspaceId, p.user_id ?? p.email] as const,
};

export function usePerson(p: Person, enabled: boolean) {
  return useQuery({ queryKey: usersKeys.person(p), queryFn: () => usersApi.person(p), enabled });
}

export function useAccountUsers() {
  return useQuery({ queryKey: [...usersKeys.all, 'everyone'], queryFn: usersApi.all });
}

export function usePermissions(workspaceId: number | undefined, p: Person, enabled: boolean) {
  return useQuery({
    queryKey: usersKeys.permissions(workspaceId ?? 0, p),
    queryFn: () => usersApi.permissions(workspaceId ?? 0, p),
    enabled: enabled && workspaceId !== undefined,
    retry: false,
  });
}

export function usePermissionMutations() {
  const client = useQueryClient();
  const onSuccess = () => Promise.all([client.invalidateQueries({ queryKey: usersKeys.all }), client.invalidateQueries({ queryKey: listKeys.all('workspaces') })]);
  return {
    save: useMutation({
      mutationFn: ({ workspaceId, email, permissions }: { workspaceId: number; email: string; permissions: PermissionEntry[] }) => usersApi.save(workspaceId, email, permissions),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: ({ workspaceId, person }: { workspaceId: number; person: Person }) => usersApi.remove(workspaceId, person), onSuccess }),
  };
}
