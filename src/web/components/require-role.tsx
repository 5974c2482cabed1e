import type { ReactNode } from 'react';
import type { Role } from '@/shared/roles';
import { DashboardNotFound } from '@/web/components/errors/dashboard-not-found';
import { useUserProfileQuery } from '@/web/lib/user-profile';

/**
 * A dashboard page for one role: anyone else sees the dashboard's not-found screen, which does not say that
 * the page exists. The server refuses their API calls anyway; this only spares them a page of errors.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  // The session guard above has loaded the profile before any dashboard page renders.
  const { data: user } = useUserProfileQuery();
  return user?.roles.includes(role) ? children : <DashboardNotFound />;
}
