import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from './icons';
import { BrandMark } from '@/web/components/brand-mark';
import { amberLinkOnDark, ghostLinkOnDark } from './link-styles';

const EXPLORE = [
  { href: '#home', key: 'common.nav.home' },
  { href: '#about', key: 'common.nav.about' },
  { href: '#services', key: 'common.nav.services' },
  { href: '/rates', key: 'landing.footer.rates' },
  { href: '#careers', key: 'landing.footer.careers' },
] as const;

const LEGAL = [
  { href: '/terms', key: 'landing.footer.terms' },
  { href: '/privacy', key: 'landing.footer.privacy' },
] as const;

function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: ReadonlyArray<{ href: string; key: string }>;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-white">
        {title}
      </h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className={footerLink}>
              {t(link.key)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const footerLink =
  'rounded-sm text-slate-300 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300';

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();

  return (
    <footer className="bg-slate-950 px-4 pt-16 pb-8 text-slate-300">
      <div className="mx-auto max-w-6xl">
        <div
          id="book-shipment"
          className="scroll-mt-24 rounded-3xl bg-gradient-to-br from-blue-800 to-blue-950 px-6 py-10 text-center sm:px-12"
        >
          <h2 className="text-3xl font-bold text-white">{t('landing.footer.ctaTitle')}</h2>
          <p className="mx-auto mt-3 max-w-xl text-blue-100">{t('landing.footer.ctaText')}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/auth?tab=signup" className={amberLinkOnDark}>
              {t('landing.footer.getStarted')}
            </Link>
            <Link to="/auth?tab=signup" className={ghostLinkOnDark}>
              {t('landing.footer.bookShipment')}
            </Link>
          </div>
        </div>

        <div className="mt-14 grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="flex items-center gap-2 text-lg font-bold text-white">
              <BrandMark />
              {t('common.appName')}
            </p>
            <p className="mt-3 text-sm leading-relaxed">{t('landing.footer.tagline')}</p>
          </div>

          <FooterLinks id="footer-explore" title={t('landing.footer.explore')} links={EXPLORE} />

          <FooterLinks id="footer-legal" title={t('landing.footer.legal')} links={LEGAL} />

          <section id="contact" aria-labelledby="contact-title" className="scroll-mt-24 text-sm">
            <h2 id="contact-title" className="text-sm font-semibold text-white">
              {t('landing.footer.contact.title')}
            </h2>
            <address className="not-italic">
              <ul className="mt-3 flex flex-col gap-3">
                <li className="flex gap-2">
                  <MapPinIcon className="mt-0.5 size-4 shrink-0 text-amber-300" />
                  {t('landing.footer.contact.address')}
                </li>
                <li className="flex gap-2">
                  <PhoneIcon className="mt-0.5 size-4 shrink-0 text-amber-300" />
                  <a href={`tel:${t('landing.footer.contact.phone').replace(/\s/g, '')}`} className={footerLink}>
                    {t('landing.footer.contact.phone')}
                  </a>
                </li>
                <li className="flex gap-2">
                  <MailIcon className="mt-0.5 size-4 shrink-0 text-amber-300" />
                  <a href={`mailto:${t('landing.footer.contact.email')}`} className={`break-all ${footerLink}`}>
                    {t('landing.footer.contact.email')}
                  </a>
                </li>
                <li className="flex gap-2">
                  <ClockIcon className="mt-0.5 size-4 shrink-0 text-amber-300" />
                  {t('landing.footer.contact.hours')}
                </li>
              </ul>
            </address>
          </section>
        </div>

        <div className="mt-12 border-t border-slate-800 pt-10 text-sm">
          <section id="careers" aria-labelledby="careers-title" className="scroll-mt-24">
            <h2 id="careers-title" className="font-semibold text-white">
              {t('landing.footer.careersSection.title')}
            </h2>
            <p className="mt-2 leading-relaxed">{t('landing.footer.careersSection.text')}</p>
          </section>
        </div>

        {/* The prerendered year is the build's; after New Year the browser's year replaces it quietly. */}
        <p className="mt-10 border-t border-slate-800 pt-6 text-center text-sm text-slate-400" suppressHydrationWarning>
          {t('landing.footer.copyright', { year })}
        </p>
      </div>
    </footer>
  );
}
