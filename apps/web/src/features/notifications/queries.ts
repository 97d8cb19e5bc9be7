import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '../../api/use-list';
import { markNotificationRead, NOTIFICATIONS_PATH } from './api';

/** Query keys: the bell (under ['notifications']) and the paged list (the DataTable's list key). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: listKeys.all(NOTIFICATIONS_PATH),
};

/** Marks one read, then clears the cached bell and list so both reload (spec doc 1 §4 "Notification"). */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: notificationKeys.all }),
        client.invalidateQueries({ queryKey: notificationKeys.list }),
      ]);
    },
  });
}
