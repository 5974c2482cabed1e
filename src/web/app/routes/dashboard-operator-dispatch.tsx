import { OPERATOR_ROLE } from '@/shared/roles';
import { RequireRole } from '@/web/components/require-role';
import { DispatchBoardPage } from '@/web/features/dispatch';

export function Component() {
  return (
    <RequireRole role={OPERATOR_ROLE}>
      <DispatchBoardPage />
    </RequireRole>
  );
}
