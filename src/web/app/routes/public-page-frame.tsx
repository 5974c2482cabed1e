import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/web/components/brand-mark';
import { LanguageSelect } from '@/web/features/landing/components/language-select';

/** A public page's light frame (the brand, the way home, the language), shared by /rates, /terms and /privacy. */
export function PublicPageFrame({ languageSelectId, children }: { languageSelectId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <header className="border-b border-border print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 rounded-md font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
            <BrandMark />
            <span>{t('common.appName')}</span>
          </Link>
          <nav aria-label={t('common.nav.main')} className="flex items-center gap-4">
            <Link to="/" className="rounded-sm text-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
              {t('common.nav.home')}
            </Link>
            <LanguageSelect id={languageSelectId} />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
    </div>
  );
}
