import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/i18n.js';
import { TEMPLATE_LANGUAGES, renderCodeMessage } from './message-templates.js';

describe('code message templates', () => {
  it('exist for every interface language and purpose, with the code in the body', () => {
    expect([...TEMPLATE_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      for (const purpose of ['verify', 'reset'] as const) {
        const message = renderCodeMessage(purpose, language, '048213');
        expect(message.body).toContain('048213');
        expect(message.body).not.toContain('{code}');
        expect(message.subject).toContain('Lanefreight');
      }
    }
  });

  it('falls back to English for an unknown language', () => {
    expect(renderCodeMessage('verify', 'zz', '111111').subject).toBe('Your Lanefreight verification code');
  });
});
