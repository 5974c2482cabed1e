import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n.js';
import { formatNaira } from '../../../shared/money.js';
import { escapeHtml } from '../../lib/html.js';
import { loadLocaleSection } from '../../lib/locale-texts.js';
import { TEST_MODE_NOTICE_STYLE, testModeNotice } from '../../lib/test-mode-notice.js';

/**
 * The receiver's pay page (decision 053), plain HTML in their language: no script, no font, no image, one small
 * style sheet, so it reads on a cheap phone until the gateway's own checkout takes over. Colours keep WCAG AA.
 */
const KEYS = ['title', 'due', 'explain', 'pay', 'paidTitle', 'paid', 'reversed', 'notPaid', 'endedTitle', 'ended', 'unknownTitle', 'unknown', 'track', 'gatewayDown'];
const TEXTS = loadLocaleSection('payPage', { required: KEYS });

const STYLE = `*{box-sizing:border-box}
body{margin:0;padding:0 10px 8px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#111827}
header,main{max-width:32rem;margin:0 auto}
header p{margin:0;padding:12px 4px;font-weight:700;color:#1e3a8a}
main{background:#fff;border:1px solid #d1d5db;border-radius:12px;padding:20px 16px}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 8px}
p{margin:8px 0;overflow-wrap:anywhere}
.amount{font-size:2rem;font-weight:700;margin:12px 0}
.note{font-size:.875rem;color:#374151}
.alert{border-radius:8px;padding:8px 12px;background:#fef3c7;color:#78350f}
button{display:block;width:100%;margin-top:16px;padding:14px;border:0;border-radius:8px;background:#166534;color:#fff;font:inherit;font-weight:700;cursor:pointer}
a{color:#1d4ed8}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
${TEST_MODE_NOTICE_STYLE}`;

export type PayPageView =
  | { kind: 'due'; amountKobo: number; trackingId: string | null; payAction: string; notice?: 'notPaid' | 'gatewayDown' }
  | { kind: 'paid'; amountKobo: number; trackingLink: string | null; reversed: boolean }
  | { kind: 'ended'; trackingLink: string | null }
  | { kind: 'unknown' };

export function payPageLanguage(value: string | null | undefined): Language {
  return value && isLanguage(value) ? value : FALLBACK_LANGUAGE;
}

/**
 * The page for a pay link's state, in `lng`. Naira as the app writes it everywhere (₦20,000.00); with the sandbox
 * gateway, the app's test-mode notice, so a receiver knows no real money moves.
 */
export function renderPayPage(view: PayPageView, lng: Language, { testMode }: { testMode: boolean }): string {
  const t = TEXTS.texts[lng];
  const track = (link: string | null) => (link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(t('track'))}</a></p>` : '');
  let title: string;
  let body: string;
  switch (view.kind) {
    case 'due': {
      const amount = formatNaira(view.amountKobo);
      title = t('title');
      body =
        (view.notice ? `<p class="alert" role="alert">${escapeHtml(t(view.notice))}</p>` : '') +
        `<p>${escapeHtml(t('due', { amount, trackingId: view.trackingId ?? '' }))}</p><p class="amount">${escapeHtml(amount)}</p>` +
        `<p class="note">${escapeHtml(t('explain'))}</p>` +
        `<form method="post" action="${escapeHtml(view.payAction)}"><input type="hidden" name="pay" value="1"><button type="submit">${escapeHtml(t('pay', { amount }))}</button></form>`;
      break;
    }
    case 'paid':
      title = t('paidTitle');
      body =
        (view.reversed ? `<p class="alert" role="status">${escapeHtml(t('reversed'))}</p>` : '') +
        `<p>${escapeHtml(t('paid', { amount: formatNaira(view.amountKobo) }))}</p>${track(view.trackingLink)}`;
      break;
    case 'ended':
      title = t('endedTitle');
      body = `<p>${escapeHtml(t('ended'))}</p>${track(view.trackingLink)}`;
      break;
    default:
      title = t('unknownTitle');
      body = `<p>${escapeHtml(t('unknown'))}</p>`;
  }
  return `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Lanefreight</title><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><style>${STYLE}</style></head>
<body><header><p>Lanefreight</p></header>${testMode ? testModeNotice(lng) : ''}<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
