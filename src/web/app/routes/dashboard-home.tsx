import { DashboardHomePage } from '@/web/features/deliveries/components/dashboard-home-page';

export function Component() {
  return <DashboardHomePage />;
}
