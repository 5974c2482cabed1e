import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateGroup, WALLET_SUMMARY_KEY } from './query-keys';

describe('invalidateGroup', () => {
  it('asks again when a first read, answered before the change, is still on its way', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    let balance = 0;
    let answerFirstRead = () => {};
    let reads = 0;
    const queryFn = () => {
      reads += 1;
      // The server reads the balance now; the answer arrives later.
      const answer = balance;
      if (reads > 1) return Promise.resolve(answer);
      return new Promise<number>((resolve) => (answerFirstRead = () => resolve(answer)));
    };
    // A page just loaded, its balance on screen (an observer) and not answered yet.
    const observer = new QueryObserver(queryClient, { queryKey: WALLET_SUMMARY_KEY, queryFn });
    const unsubscribe = observer.subscribe(() => {});

    balance = 500_000;
    const invalidated = invalidateGroup(queryClient, [WALLET_SUMMARY_KEY]);
    answerFirstRead();
    await invalidated;

    expect(reads).toBe(2);
    expect(queryClient.getQueryData(WALLET_SUMMARY_KEY)).toBe(500_000);
    unsubscribe();
    queryClient.clear();
  });
});
