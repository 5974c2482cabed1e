import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importSchema } from '@/shared/schemas/imports';
import { apiRequest } from '@/web/lib/api-client';
import { AFTER_DELIVERY_CHANGE, invalidateGroup } from '@/web/lib/query-keys';
import { IMPORTS_KEY } from './get-import';

/** `POST /api/imports/{id}/confirm`: books and pays every row at once, or nothing (402 with the shortfall). */
export function confirmImport(id: string) {
  return apiRequest(`/imports/${encodeURIComponent(id)}/confirm`, importSchema, { method: 'POST' });
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmImport,
    onSuccess: async (confirmed) => {
      queryClient.setQueryData([...IMPORTS_KEY, 'one', confirmed.id], confirmed);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...IMPORTS_KEY, 'list'] }),
        invalidateGroup(queryClient, AFTER_DELIVERY_CHANGE),
      ]);
    },
  });
}
