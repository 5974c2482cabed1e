import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/web/features/landing/components/brand-logo';
import { LanguageSelect } from '@/web/features/landing/components/language-select';
import { RatesPage } from '@/web/features/rates/components/rates-page';

/**
 * /rates: public, in a light frame of its own (the brand, the language, the way home), like the sign-in pages. It
 * reuses what those already share, so the landing page's own chunk carries nothing for it but the footer's link.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 rounded-md font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
            <BrandMark />
            <span>{t('common.appName')}</span>
          </Link>
          <nav aria-label={t('common.nav.main')} className="flex items-center gap-4">
            <Link to="/" className="rounded-sm text-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
              {t('common.nav.home')}
            </Link>
            <LanguageSelect id="rates-language" />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <RatesPage />
      </main>
    </div>
  );
}
