import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheckIcon } from './icons';
import { formatPublishedStat } from '@/web/lib/published-figures';
import { amberLinkOnDark } from './link-styles';

const TABS = [
  {
    key: 'fleet',
    points: ['jobs', 'payouts', 'returns'],
    stats: ['partners', 'earnings'],
  },
  {
    key: 'operators',
    points: ['dashboard', 'tracking', 'commission'],
    stats: ['deliveries', 'support'],
  },
] as const;

type TabKey = (typeof TABS)[number]['key'];

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs. */
export function PartnerNetworkSection() {
  const { t, i18n } = useTranslation();
  const [active, setActive] = useState<TabKey>('fleet');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = TABS.findIndex((tab) => tab.key === active);
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (current + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (current - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    setActive(tab.key);
    tabRefs.current[next]?.focus();
  };

  return (
    <section aria-labelledby="partners-title" className="bg-slate-900 px-4 py-16 text-slate-100 lg:py-24 dark:bg-card">
      <div className="mx-auto max-w-6xl">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{t('landing.partners.tag')}</p>
          <h2 id="partners-title" className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
            {t('landing.partners.title')}
          </h2>
          <p className="mt-4 text-base leading-relaxed text-slate-300 sm:text-lg">
            {t('landing.partners.description')}
          </p>
        </div>

        <div
          role="tablist"
          aria-label={t('landing.partners.tablistLabel')}
          onKeyDown={handleKeyDown}
          className="mt-10 inline-flex max-w-full rounded-xl bg-slate-800 p-1"
        >
          {TABS.map(({ key }, index) => {
            const isActive = key === active;
            return (
              <button
                key={key}
                ref={(node) => {
                  tabRefs.current[index] = node;
                }}
                type="button"
                role="tab"
                id={`partners-tab-${key}`}
                aria-selected={isActive}
                aria-controls={`partners-panel-${key}`}
                tabIndex={isActive ? 0 : -1}
                onClick={() => setActive(key)}
                className={`min-h-11 rounded-lg px-4 py-2 text-sm font-semibold sm:px-6 ${
                  isActive ? 'bg-brand-amber text-slate-950' : 'text-slate-200 hover:bg-slate-700'
                } focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300`}
              >
                {t(`landing.partners.tabs.${key}`)}
              </button>
            );
          })}
        </div>

        {TABS.map(({ key, points, stats }) => (
          <div
            key={key}
            role="tabpanel"
            id={`partners-panel-${key}`}
            aria-labelledby={`partners-tab-${key}`}
            hidden={key !== active}
            tabIndex={0}
            className="mt-8 rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber-300"
          >
            <div className="grid gap-10 lg:grid-cols-2">
              <div>
                <h3 className="text-2xl font-bold text-white">{t(`landing.partners.${key}.title`)}</h3>
                <p className="mt-3 leading-relaxed text-slate-300">{t(`landing.partners.${key}.pitch`)}</p>
                <ul className="mt-6 flex flex-col gap-3">
                  {points.map((point) => (
                    <li key={point} className="flex items-start gap-3 text-slate-200">
                      <CircleCheckIcon className="mt-0.5 size-5 shrink-0 text-amber-300" />
                      {t(`landing.partners.${key}.points.${point}`)}
                    </li>
                  ))}
                </ul>
                <Link to="/auth?tab=signup" className={`mt-8 ${amberLinkOnDark}`}>
                  {t('landing.partners.cta')}
                </Link>
              </div>
              {/* One column on a phone: a figure written out in full ("2,5 Mio. ₦") does not break and needs the width. */}
              <dl className="grid grid-cols-1 gap-4 self-start min-[400px]:grid-cols-2">
                {stats.map((stat) => (
                  <div key={stat} className="rounded-xl border border-slate-700 bg-slate-800/70 p-5">
                    <dt className="text-sm text-slate-300">{t(`landing.partners.stats.${stat}`)}</dt>
                    <dd className="mt-2 text-3xl font-extrabold text-white">{formatPublishedStat(stat, i18n.language)}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
