import { OPERATOR_ROLE } from '@/shared/roles';
import { RequireRole } from '@/web/components/require-role';
import { OperatorApplicationsPage } from '@/web/features/partners';

export function Component() {
  return (
    <RequireRole role={OPERATOR_ROLE}>
      <OperatorApplicationsPage />
    </RequireRole>
  );
}
