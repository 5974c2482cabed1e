export { DashboardShell, type DashboardShellProps } from './components/dashboard-shell';
export type { ShellUser } from './types';
