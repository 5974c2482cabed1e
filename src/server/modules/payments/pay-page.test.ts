import { describe, expect, it } from 'vitest';
import { renderPayPage } from './pay-page.js';

const due = { kind: 'due', amountKobo: 2_500_000, trackingId: 'LF-AB12-CD34', payAction: '/pay/token' } as const;

describe('the receiver’s pay page', () => {
  it('writes naira as the app does, in every language', () => {
    for (const lng of ['fr', 'de', 'ha'] as const) {
      const page = renderPayPage(due, lng, { testMode: false });
      expect(page, lng).toContain('₦25,000.00');
      expect(page, lng).not.toMatch(/25[\s\u00a0\u202f.]000,00/);
    }
  });

  it('says so in the receiver’s language when payments are simulated, and only then', () => {
    const page = renderPayPage(due, 'fr', { testMode: true });
    expect(page).toContain('<section class="test-mode" aria-label="Mode test"><p><strong>Mode test');
    expect(page.indexOf('class="test-mode"')).toBeLessThan(page.indexOf('<main>'));
    expect(renderPayPage(due, 'fr', { testMode: false })).not.toContain('class="test-mode"');
  });
});
