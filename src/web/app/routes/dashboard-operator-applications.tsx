import { OPERATOR_ROLE } from '@/shared/roles';
import { OperatorApplicationsPage } from '@/web/features/partners';
import { useUserProfileQuery } from '@/web/lib/user-profile';
import { Component as DashboardNotFound } from './dashboard-not-found';

/** Operators only: anyone else sees the dashboard's not-found page (the API refuses them anyway). */
export function Component() {
  const profile = useUserProfileQuery();
  if (!profile.data) return null;
  return profile.data.roles.includes(OPERATOR_ROLE) ? <OperatorApplicationsPage /> : <DashboardNotFound />;
}
