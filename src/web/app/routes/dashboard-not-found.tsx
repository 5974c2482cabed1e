import { DashboardNotFound } from '@/web/components/errors/dashboard-not-found';

/** An unknown /dashboard/* path keeps the shell instead of the bare 404 page. */
export const Component = DashboardNotFound;
