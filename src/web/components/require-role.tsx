import type { ReactNode } from 'react';
import type { Role } from '@/shared/roles';
import { DashboardNotAvailable } from '@/web/components/errors/dashboard-not-available';
import { useUserProfileQuery } from '@/web/lib/user-profile';

/**
 * A dashboard page for one role: anyone else is told that the page is not available for their account (the page
 * list is public in the app's code anyway). The server refuses their API calls too; this spares them a page of
 * errors.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  // The session guard above has loaded the profile before any dashboard page renders.
  const { data: user } = useUserProfileQuery();
  return user?.roles.includes(role) ? children : <DashboardNotAvailable role={role} />;
}
