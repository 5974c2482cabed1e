import { Navigate } from 'react-router';
import { DASHBOARD_PATH, homePathFor } from '@/web/features/dashboard-shell';
import { DashboardHomePage } from '@/web/features/deliveries/components/dashboard-home-page';
import { useUserProfileQuery } from '@/web/lib/user-profile';

/** /dashboard is each role's home: drivers and operators go on to their own workspace (docs/decisions/048). */
export function Component() {
  // The session guard above has loaded the profile before any dashboard page renders.
  const { data: user } = useUserProfileQuery();
  const home = homePathFor(user?.roles ?? []);
  if (home !== DASHBOARD_PATH) return <Navigate to={home} replace />;
  return <DashboardHomePage />;
}
