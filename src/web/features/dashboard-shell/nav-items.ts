import type { LucideIcon } from 'lucide-react';
import {
  BanknoteIcon,
  BellIcon,
  BracesIcon,
  ClipboardListIcon,
  FileUpIcon,
  HandshakeIcon,
  LayoutDashboardIcon,
  MapPinIcon,
  PackageIcon,
  PackagePlusIcon,
  RouteIcon,
  SettingsIcon,
  TruckIcon,
  WalletIcon,
} from 'lucide-react';
import { DRIVER_ROLE, OPERATOR_ROLE } from '@/shared/roles';

export const DASHBOARD_PATH = '/dashboard';
export const DRIVER_HOME_PATH = '/dashboard/driver';
export const OPERATOR_HOME_PATH = '/dashboard/operator/dispatch';

export interface NavItem {
  to: string;
  /** Key under `shell.nav`. */
  labelKey: string;
  icon: LucideIcon;
  /** Steps of the same journey that keep this link highlighted. */
  relatedPaths?: readonly string[];
}

/** The specification's eight links, everyone's. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: DASHBOARD_PATH, labelKey: 'dashboard', icon: LayoutDashboardIcon },
  {
    to: '/dashboard/book-delivery',
    labelKey: 'bookDelivery',
    icon: PackagePlusIcon,
    relatedPaths: ['/dashboard/delivery-preview', '/dashboard/payment', '/dashboard/payment-success'],
  },
  { to: '/dashboard/my-deliveries', labelKey: 'myDeliveries', icon: PackageIcon },
  { to: '/dashboard/wallet', labelKey: 'wallet', icon: WalletIcon },
  { to: '/dashboard/tracking', labelKey: 'tracking', icon: MapPinIcon },
  { to: '/dashboard/notifications', labelKey: 'notifications', icon: BellIcon },
  { to: '/dashboard/settings', labelKey: 'settings', icon: SettingsIcon },
  {
    to: '/dashboard/become-partner',
    labelKey: 'becomePartner',
    icon: HandshakeIcon,
    relatedPaths: [
      '/dashboard/transportation-partner-form',
      '/dashboard/investment-partner-form',
      '/dashboard/partner-success',
    ],
  },
];

/** A labelled group of links after the main ones: the merchant's tools for everyone, the rest for some roles. */
export interface NavSection {
  id: 'main' | 'business' | 'driver' | 'operations';
  /** Key under `shell.sections`; the main section has no heading. */
  labelKey?: string;
  items: readonly NavItem[];
}

/** A merchant's tools beyond the specification's eight links, in a section of their own (docs/decisions/058). */
export const BUSINESS_NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard/imports', labelKey: 'imports', icon: FileUpIcon },
  { to: '/dashboard/developers', labelKey: 'developers', icon: BracesIcon },
];

export const DRIVER_NAV_ITEMS: readonly NavItem[] = [{ to: DRIVER_HOME_PATH, labelKey: 'myJobs', icon: TruckIcon }];

export const OPERATOR_NAV_ITEMS: readonly NavItem[] = [
  { to: OPERATOR_HOME_PATH, labelKey: 'dispatch', icon: RouteIcon },
  { to: '/dashboard/operator/applications', labelKey: 'applications', icon: ClipboardListIcon },
  { to: '/dashboard/operator/withdrawals', labelKey: 'withdrawals', icon: BanknoteIcon },
];

/**
 * Where /dashboard takes an account: an operator to the dispatch board, a driver to their jobs, a customer to the
 * customer dashboard (docs/decisions/048). An operator who also drives works the board first.
 */
export function homePathFor(roles: readonly string[]): string {
  if (roles.includes(OPERATOR_ROLE)) return OPERATOR_HOME_PATH;
  if (roles.includes(DRIVER_ROLE)) return DRIVER_HOME_PATH;
  return DASHBOARD_PATH;
}

/** What the sidebar lists for these roles; the pages and the server check the role again. */
export function navSectionsFor(roles: readonly string[]): NavSection[] {
  const sections: NavSection[] = [
    { id: 'main', items: NAV_ITEMS },
    { id: 'business', labelKey: 'business', items: BUSINESS_NAV_ITEMS },
  ];
  if (roles.includes(DRIVER_ROLE)) sections.push({ id: 'driver', labelKey: 'driver', items: DRIVER_NAV_ITEMS });
  if (roles.includes(OPERATOR_ROLE)) sections.push({ id: 'operations', labelKey: 'operations', items: OPERATOR_NAV_ITEMS });
  return sections;
}

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function isSameOrBelow(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = normalise(pathname);
  // Every dashboard page sits below /dashboard, so the home link only matches itself.
  if (item.to === DASHBOARD_PATH) return path === DASHBOARD_PATH;
  return isSameOrBelow(path, item.to) || (item.relatedPaths ?? []).some((related) => isSameOrBelow(path, related));
}

/** Keys under `shell.titles`, by the first segment after /dashboard/ (or the first two, for the operator's pages). */
const TITLE_KEY_BY_SEGMENT: Record<string, string> = {
  '': 'dashboard',
  'book-delivery': 'bookDeliveries',
  'delivery-preview': 'deliveryPreview',
  'payment-success': 'paymentSuccess',
  payment: 'payment',
  'my-deliveries': 'myDeliveries',
  imports: 'imports',
  wallet: 'wallet',
  receipts: 'receipts',
  tracking: 'tracking',
  notifications: 'notifications',
  settings: 'settings',
  developers: 'developers',
  'become-partner': 'becomePartner',
  'transportation-partner-form': 'becomePartner',
  'investment-partner-form': 'becomePartner',
  'partner-success': 'becomePartner',
  driver: 'myJobs',
  'operator/dispatch': 'dispatch',
  'operator/applications': 'applications',
  'operator/withdrawals': 'withdrawals',
};

export function titleKeyForPath(pathname: string): string {
  const path = normalise(pathname);
  if (!isSameOrBelow(path, DASHBOARD_PATH)) return 'dashboard';
  const segments = path.slice(DASHBOARD_PATH.length + 1).split('/');
  return (
    TITLE_KEY_BY_SEGMENT[segments.slice(0, 2).join('/')] ?? TITLE_KEY_BY_SEGMENT[segments[0] ?? ''] ?? 'dashboard'
  );
}

export function isDashboardHome(pathname: string): boolean {
  return normalise(pathname) === DASHBOARD_PATH;
}
