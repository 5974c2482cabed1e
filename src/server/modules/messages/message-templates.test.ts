import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/i18n.js';
import { NOTICE_LANGUAGES, TEMPLATE_LANGUAGES, renderCodeMessage, renderNotice } from './message-templates.js';

describe('code message templates', () => {
  it('exist for every interface language and purpose, with the code in the body', () => {
    expect([...TEMPLATE_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      for (const purpose of ['verify', 'reset', 'change'] as const) {
        const message = renderCodeMessage(purpose, language, '048213');
        expect(message.body).toContain('048213');
        expect(message.body).not.toContain('{code}');
        expect(message.subject).toContain('Lanefreight');
        expect(message.holdsSecret).toBe(true);
      }
    }
  });

  it('have notices, which hold no secret, in every interface language', () => {
    expect([...NOTICE_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      for (const kind of ['account-locked', 'email-changed', 'phone-changed', 'password-changed', 'account-deleted'] as const) {
        const notice = renderNotice(kind, language);
        expect(notice.subject).toContain('Lanefreight');
        expect(notice.body.length).toBeGreaterThan(40);
        expect(notice.holdsSecret).toBe(false);
      }
    }
    expect(renderNotice('account-locked', 'zz').subject).toBe('Your Lanefreight account is locked');
  });

  it('falls back to English for an unknown language', () => {
    expect(renderCodeMessage('verify', 'zz', '111111').subject).toBe('Your Lanefreight verification code');
  });
});
