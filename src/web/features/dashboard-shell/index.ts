export { DashboardShell, type DashboardShellProps } from './components/dashboard-shell';
export type { ShellUser } from './types';
export { DASHBOARD_PATH, homePathFor } from './nav-items';
