import { OPERATOR_ROLE } from '@/shared/roles';
import { RequireRole } from '@/web/components/require-role';
import { WithdrawalsQueuePage } from '@/web/features/dispatch';

export function Component() {
  return (
    <RequireRole role={OPERATOR_ROLE}>
      <WithdrawalsQueuePage />
    </RequireRole>
  );
}
