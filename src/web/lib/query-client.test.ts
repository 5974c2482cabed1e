import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { queryClient } from './query-client';
import { USER_PROFILE_KEY } from './query-keys';

/** A session that expires mid-use (issue 24): the next 401 signs the web out, so the guard takes the page to /auth. */
describe('an expired session', () => {
  it('a 401 on a query or a mutation forgets the signed-in user; other errors do not', async () => {
    queryClient.setQueryData(USER_PROFILE_KEY, { id: 'u1', name: 'Ada' });
    await queryClient
      .fetchQuery({ queryKey: ['anything', 500], queryFn: () => Promise.reject(new ApiError(500)), retry: false })
      .catch(() => undefined);
    expect(queryClient.getQueryData(USER_PROFILE_KEY)).toEqual({ id: 'u1', name: 'Ada' });

    await queryClient
      .fetchQuery({ queryKey: ['anything', 401], queryFn: () => Promise.reject(new ApiError(401)), retry: false })
      .catch(() => undefined);
    expect(queryClient.getQueryData(USER_PROFILE_KEY)).toBeNull();

    queryClient.setQueryData(USER_PROFILE_KEY, { id: 'u1', name: 'Ada' });
    const mutation = queryClient.getMutationCache().build(queryClient, { mutationFn: () => Promise.reject(new ApiError(401)) });
    await mutation.execute(undefined).catch(() => undefined);
    expect(queryClient.getQueryData(USER_PROFILE_KEY)).toBeNull();
  });
});
