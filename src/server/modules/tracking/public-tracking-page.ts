import { intlLocales, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../shared/i18n.js';
import type { PublicTracking } from '../../../shared/schemas/public-tracking.js';
import { statusLabelOf } from '../../../shared/schemas/deliveries.js';
import type { PublicTrackingTexts } from './public-tracking-texts.js';
import { escapeHtml } from '../../lib/html.js';

/**
 * The public tracking page as plain HTML: no script, no web font, no image, one small inline style sheet, so it
 * reads fully on a cheap phone on a slow network (docs/decisions/037). Colours keep WCAG AA contrast.
 */
const STYLE = `*{box-sizing:border-box}
body{margin:0;padding:0 10px 8px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#111827}
header,main,footer{max-width:40rem;margin:0 auto}
header p{margin:0;padding:12px 4px;font-weight:700;color:#1e3a8a}
main{background:#fff;border:1px solid #d1d5db;border-radius:12px;padding:20px 16px}
h1{font-size:1.375rem;line-height:1.3;margin:0 0 4px}
h2{font-size:1.0625rem;margin:24px 0 8px}
p{margin:4px 0}
.id{color:#374151;overflow-wrap:anywhere}
.badge{display:inline-block;border-radius:999px;padding:2px 12px;font-weight:600}
.badge.pending{background:#fef3c7;color:#78350f}.badge.in_transit{background:#dbeafe;color:#1e3a8a}
.badge.delivered{background:#dcfce7;color:#14532d}.badge.cancelled{background:#fee2e2;color:#7f1d1d}
.badge.failed_attempt{background:#ffedd5;color:#7c2d12}.badge.returning,.badge.returned{background:#ede9fe;color:#4c1d95}
ol{list-style:none;margin:0;padding:0 0 0 8px}
ol li{position:relative;border-left:2px solid #d1d5db;padding:0 0 16px 20px}
ol li:last-child{border-color:transparent;padding-bottom:0}
ol li::before{content:"";position:absolute;left:-9px;top:4px;width:16px;height:16px;border-radius:50%;background:#fff;border:2px solid #6b7280}
li.completed::before{background:#166534;border-color:#166534}
li.current::before{background:#1d4ed8;border-color:#1d4ed8}
li.current strong{color:#1e3a8a}
li.pending{color:#4b5563}
.when{display:block;color:#4b5563;font-size:.875rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0}
dt{color:#4b5563}dd{margin:0;overflow-wrap:anywhere}
.note{margin-top:16px;font-size:.875rem;color:#4b5563}
footer ul{list-style:none;display:flex;flex-wrap:wrap;gap:4px 12px;margin:8px 0 0;padding:0 4px}
footer a{display:inline-block;padding:8px 2px;color:#1d4ed8}
a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a[aria-current]{color:#111827;font-weight:700;text-decoration:none}`;


const dateFormats = new Map<Language, Intl.DateTimeFormat>();
/** Day, month and time in Lagos, in the page's language: "22 Oṣù Bélú ní 17:05". */
function formatWhen(iso: string, lng: Language): string {
  let format = dateFormats.get(lng);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocales(lng), {
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Africa/Lagos',
    });
    dateFormats.set(lng, format);
  }
  return format.format(new Date(iso));
}

const dayFormats = new Map<Language, Intl.DateTimeFormat>();
const clockFormats = new Map<Language, Intl.DateTimeFormat>();
function formatWith(cache: Map<Language, Intl.DateTimeFormat>, lng: Language, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(lng);
  if (!format) cache.set(lng, (format = new Intl.DateTimeFormat(intlLocales(lng), { ...options, timeZone: 'Africa/Lagos' })));
  return format;
}

/**
 * The estimated delivery: one instant (delivered), a window within a day ("27 November, 14:05 – 14:50"), or the
 * days of a longer one ("27 – 28 November").
 */
function windowText(window: { from: string; to: string }, lng: Language) {
  if (window.from === window.to) return time(window.from, lng);
  const day = formatWith(dayFormats, lng, { day: 'numeric', month: 'long' });
  const clock = formatWith(clockFormats, lng, { hour: '2-digit', minute: '2-digit' });
  const [from, to] = [new Date(window.from), new Date(window.to)];
  const tag = (iso: string, text: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(text)}</time>`;
  if (day.format(from) === day.format(to)) {
    return `${escapeHtml(day.format(from))}, ${tag(window.from, clock.format(from))} – ${tag(window.to, clock.format(to))}`;
  }
  return `${tag(window.from, day.format(from))} – ${tag(window.to, day.format(to))}`;
}

function time(iso: string, lng: Language) {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(formatWhen(iso, lng))}</time>`;
}

/** The eight languages, each in its own name, as links to this page in that language. */
function languageLinks(path: string, lng: Language, t: PublicTrackingTexts) {
  const links = LANGUAGES.map((code) => {
    const current = code === lng ? ' aria-current="page"' : '';
    return `<li><a href="${escapeHtml(path)}?lng=${code}" lang="${code}" hreflang="${code}"${current}>${escapeHtml(LANGUAGE_NAMES[code])}</a></li>`;
  }).join('');
  return `<footer><nav aria-label="${escapeHtml(t('language'))}"><ul>${links}</ul></nav></footer>`;
}

function document(lng: Language, t: PublicTrackingTexts, title: string, main: string, path: string) {
  return `<!doctype html><html lang="${lng}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><meta name="description" content="${escapeHtml(t('title'))}"><title>${escapeHtml(title)} · Lanefreight</title><style>${STYLE}</style></head><body><header><p>Lanefreight</p></header><main>${main}</main>${languageLinks(path, lng, t)}</body></html>`;
}

export function renderTrackingPage(view: PublicTracking, lng: Language, t: PublicTrackingTexts, path: string): string {
  const estimate =
    view.estimatedDelivery === null
      ? ''
      : `<p>${escapeHtml(t(view.status === 'delivered' ? 'deliveredAt' : 'estimate'))}: ${windowText(view.estimatedDelivery, lng)}</p>`;
  const steps = view.steps
    .map((step) => {
      const current = step.state === 'current' ? ' aria-current="step"' : '';
      const when = step.at ? time(step.at, lng) : escapeHtml(t(step.state === 'pending' ? 'notYet' : 'timeUnknown'));
      return `<li class="${step.state}"${current}><strong>${escapeHtml(t(`steps.${step.key}`))}</strong><span class="when">${when}</span></li>`;
    })
    .join('');
  // Pay on delivery: whether the receiver has paid, never the amount (decision 053).
  const cod =
    view.cod === null
      ? ''
      : `<p data-cod="${view.cod.paid ? 'paid' : 'awaiting'}">${escapeHtml(t('cod.label'))}: <strong>${escapeHtml(t(view.cod.paid ? 'cod.paid' : 'cod.awaiting'))}</strong></p>` +
        (view.cod.paid ? '' : `<p class="note">${escapeHtml(t('cod.awaitingNote'))}</p>`);
  // A receiver reads that the attempt failed and who decides next, never why: the reason and the driver's note can
  // tell a stranger holding the link that nobody is home, and are the sender's to share (decision 085).
  const failed = view.status === 'failed_attempt' ? `<p class="note" data-failed-attempt>${escapeHtml(t('failedAttemptNote'))}</p>` : '';
  const label = statusLabelOf(view.status);
  const area = (value: string | null) => escapeHtml(value ?? t('areaHidden'));
  const main =
    `<h1>${escapeHtml(t('title'))}</h1><p class="id">${escapeHtml(t('trackingNumber'))}: <strong>${escapeHtml(view.trackingId)}</strong></p>` +
    `<section aria-labelledby="status"><h2 id="status">${escapeHtml(t('status'))}</h2><p><span class="badge ${label}">${escapeHtml(t(`statuses.${label}`))}</span></p>${failed}${estimate}${cod}</section>` +
    `<section aria-labelledby="timeline"><h2 id="timeline">${escapeHtml(t('timeline'))}</h2><ol>${steps}</ol></section>` +
    `<section aria-labelledby="details"><h2 id="details">${escapeHtml(t('details'))}</h2><dl>` +
    `<dt>${escapeHtml(t('from'))}</dt><dd>${area(view.pickupArea)}</dd>` +
    `<dt>${escapeHtml(t('to'))}</dt><dd>${area(view.dropoffArea)}</dd>` +
    `<dt>${escapeHtml(t('receiver'))}</dt><dd>${escapeHtml(view.receiver)}</dd>` +
    `<dt>${escapeHtml(t('driver'))}</dt><dd>${escapeHtml(view.driver?.firstName ?? t('noDriver'))}</dd>` +
    `</dl><p class="note">${escapeHtml(t('privacy'))}</p></section>`;
  return document(lng, t, `${t('title')} ${view.trackingId}`, main, path);
}

export function renderNotFoundPage(lng: Language, t: PublicTrackingTexts, path: string): string {
  return document(lng, t, t('notFound.title'), `<h1>${escapeHtml(t('notFound.title'))}</h1><p>${escapeHtml(t('notFound.body'))}</p>`, path);
}

export function renderRateLimitedPage(lng: Language, t: PublicTrackingTexts, path: string): string {
  return document(lng, t, t('rateLimited.title'), `<h1>${escapeHtml(t('rateLimited.title'))}</h1><p>${escapeHtml(t('rateLimited.body'))}</p>`, path);
}
