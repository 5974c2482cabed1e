import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isDashboardHome, isNavItemActive, titleKeyForPath } from './nav-items';

describe('titleKeyForPath', () => {
  it.each([
    ['/dashboard', 'dashboard'],
    ['/dashboard/', 'dashboard'],
    ['/dashboard/book-delivery', 'bookDeliveries'],
    ['/dashboard/delivery-preview', 'deliveryPreview'],
    ['/dashboard/payment', 'payment'],
    ['/dashboard/payment-success', 'paymentSuccess'],
    ['/dashboard/my-deliveries', 'myDeliveries'],
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
