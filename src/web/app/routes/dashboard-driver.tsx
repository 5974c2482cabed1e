import { DRIVER_ROLE } from '@/shared/roles';
import { RequireRole } from '@/web/components/require-role';
import { DriverJobsPage } from '@/web/features/driver';

export function Component() {
  return (
    <RequireRole role={DRIVER_ROLE}>
      <DriverJobsPage />
    </RequireRole>
  );
}
