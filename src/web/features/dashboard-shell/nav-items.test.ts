import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, homePathFor, isDashboardHome, isNavItemActive, navSectionsFor, titleKeyForPath } from './nav-items';

describe('titleKeyForPath', () => {
  it.each([
    ['/dashboard', 'dashboard'],
    ['/dashboard/', 'dashboard'],
    ['/dashboard/book-delivery', 'bookDeliveries'],
    ['/dashboard/delivery-preview', 'deliveryPreview'],
    ['/dashboard/payment', 'payment'],
    ['/dashboard/payment-success', 'paymentSuccess'],
    ['/dashboard/my-deliveries', 'myDeliveries'],
    ['/dashboard/imports', 'imports'],
    ['/dashboard/wallet', 'wallet'],
    ['/dashboard/tracking', 'tracking'],
    ['/dashboard/notifications', 'notifications'],
    ['/dashboard/settings', 'settings'],
    ['/dashboard/become-partner', 'becomePartner'],
    ['/dashboard/transportation-partner-form', 'becomePartner'],
    ['/dashboard/investment-partner-form', 'becomePartner'],
    ['/dashboard/partner-success', 'becomePartner'],
    ['/dashboard/my-deliveries/LF-123', 'myDeliveries'],
    ['/dashboard/unknown', 'dashboard'],
    ['/dashboard/driver', 'myJobs'],
    ['/dashboard/operator/dispatch', 'dispatch'],
    ['/dashboard/operator/applications', 'applications'],
    ['/dashboard/operator/withdrawals/', 'withdrawals'],
    ['/dashboard/operator', 'dashboard'],
  ])('%s -> %s', (path, key) => {
    expect(titleKeyForPath(path)).toBe(key);
  });
});

describe('isNavItemActive', () => {
  const activeFor = (path: string) => NAV_ITEMS.filter((item) => isNavItemActive(item, path)).map((item) => item.to);

  it('highlights exactly one link per page', () => {
    expect(activeFor('/dashboard')).toEqual(['/dashboard']);
    expect(activeFor('/dashboard/wallet')).toEqual(['/dashboard/wallet']);
    expect(activeFor('/dashboard/payment-success')).toEqual(['/dashboard/book-delivery']);
    expect(activeFor('/dashboard/investment-partner-form')).toEqual(['/dashboard/become-partner']);
  });

  it('does not treat a shared prefix as a parent', () => {
    expect(activeFor('/dashboard/payment-successful')).toEqual([]);
  });
});

describe('isDashboardHome', () => {
  it('is true only for /dashboard', () => {
    expect(isDashboardHome('/dashboard/')).toBe(true);
    expect(isDashboardHome('/dashboard/wallet')).toBe(false);
  });
});

describe('navSectionsFor', () => {
  const linksOf = (roles: string[]) =>
    navSectionsFor(roles).map((section) => [section.id, section.items.map((item) => item.to)] as const);

  it('gives a customer the eight main links and the business tools, and nothing else', () => {
    expect(linksOf(['customer'])).toEqual([
      ['main', NAV_ITEMS.map((item) => item.to)],
      ['business', ['/dashboard/imports', '/dashboard/developers']],
    ]);
    expect(NAV_ITEMS).toHaveLength(8);
  });

  it('adds the Driver section for drivers', () => {
    expect(linksOf(['customer', 'driver']).slice(2)).toEqual([['driver', ['/dashboard/driver']]]);
  });

  it('adds the Operations section for operators', () => {
    expect(linksOf(['customer', 'operator']).slice(2)).toEqual([
      ['operations', ['/dashboard/operator/dispatch', '/dashboard/operator/applications', '/dashboard/operator/withdrawals']],
    ]);
  });

  it('gives both sections to someone who is both, the driver first', () => {
    expect(linksOf(['operator', 'driver', 'customer']).map(([id]) => id)).toEqual(['main', 'business', 'driver', 'operations']);
  });

  it('ignores roles it does not know', () => {
    expect(linksOf(['auditor']).map(([id]) => id)).toEqual(['main', 'business']);
  });
});

describe('homePathFor', () => {
  it.each([
    [['customer'], '/dashboard'],
    [['customer', 'driver'], '/dashboard/driver'],
    [['customer', 'operator'], '/dashboard/operator/dispatch'],
    [['customer', 'driver', 'operator'], '/dashboard/operator/dispatch'],
    [[], '/dashboard'],
  ])('%j -> %s', (roles, path) => {
    expect(homePathFor(roles)).toBe(path);
  });
});
