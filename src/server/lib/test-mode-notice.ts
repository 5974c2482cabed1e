import type { Language } from '../../shared/i18n.js';
import { escapeHtml } from './html.js';
import { loadLocaleSection } from './locale-texts.js';

const TEXTS = loadLocaleSection('testMode', { required: ['label', 'title', 'body'] });

/** Its look on the server's plain pages: the web banner's colours (WCAG AA on amber). */
export const TEST_MODE_NOTICE_STYLE =
  '.test-mode{max-width:32rem;margin:0 auto 8px;padding:8px 12px;border:1px solid #fcd34d;border-radius:8px;background:#fef3c7;color:#78350f;font-size:.875rem}.test-mode p{margin:0}';

/** The web app's test-mode banner (`testMode.*`), for a page the server writes itself, in `lng`. */
export function testModeNotice(lng: Language): string {
  const t = TEXTS.texts[lng];
  return `<section class="test-mode" aria-label="${escapeHtml(t('label'))}"><p><strong>${escapeHtml(t('title'))}</strong> ${escapeHtml(t('body'))}</p></section>`;
}
