import type { LucideIcon } from 'lucide-react';
import {
  BellIcon,
  HandshakeIcon,
  LayoutDashboardIcon,
  MapPinIcon,
  PackageIcon,
  PackagePlusIcon,
  SettingsIcon,
  WalletIcon,
} from 'lucide-react';

export const DASHBOARD_PATH = '/dashboard';

export interface NavItem {
  to: string;
  /** Key under `shell.nav`. */
  labelKey: string;
  icon: LucideIcon;
  /** Steps of the same journey that keep this link highlighted. */
  relatedPaths?: readonly string[];
}

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

/** Keys under `shell.titles`, by the first segment after /dashboard/. */
const TITLE_KEY_BY_SEGMENT: Record<string, string> = {
  '': 'dashboard',
  'book-delivery': 'bookDeliveries',
  'delivery-preview': 'deliveryPreview',
  'payment-success': 'paymentSuccess',
  payment: 'payment',
  'my-deliveries': 'myDeliveries',
  wallet: 'wallet',
  tracking: 'tracking',
  notifications: 'notifications',
  settings: 'settings',
  'become-partner': 'becomePartner',
  'transportation-partner-form': 'becomePartner',
  'investment-partner-form': 'becomePartner',
  'partner-success': 'becomePartner',
};

export function titleKeyForPath(pathname: string): string {
  const path = normalise(pathname);
  if (!isSameOrBelow(path, DASHBOARD_PATH)) return 'dashboard';
  const segment = path.slice(DASHBOARD_PATH.length + 1).split('/')[0] ?? '';
  return TITLE_KEY_BY_SEGMENT[segment] ?? 'dashboard';
}

export function isDashboardHome(pathname: string): boolean {
  return normalise(pathname) === DASHBOARD_PATH;
}
