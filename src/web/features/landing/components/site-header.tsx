import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MenuIcon, XIcon } from './icons';
import { BrandMark } from '@/web/components/brand-mark';
import { LanguageSelect } from './language-select';
import { ThemeToggle } from './theme-toggle';
import { focusRing, outlineLink, primaryLink } from './link-styles';

export const NAV_LINKS = [
  { href: '#home', key: 'common.nav.home' },
  { href: '#about', key: 'common.nav.about' },
  { href: '#services', key: 'common.nav.services' },
  { href: '#contact', key: 'common.nav.contact' },
] as const;

const MOBILE_MENU_ID = 'mobile-menu';

export function SiteHeader() {
  const { t } = useTranslation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isMenuOpen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [isMenuOpen]);

  const closeMenu = () => setIsMenuOpen(false);
  const navLinkClass = `rounded-md px-3 py-2 text-sm font-medium text-foreground hover:bg-muted ${focusRing}`;

  return (
    <header className="sticky top-0 z-40 px-3 pt-3">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
      >
        {t('landing.header.skipToContent')}
      </a>
      <div className="mx-auto max-w-6xl rounded-2xl border border-border bg-background/95 shadow-lg shadow-slate-900/5 backdrop-blur">
        <div className="flex h-16 items-center gap-2 px-3 sm:px-4">
          <a
            href="#home"
            className={`mr-auto flex items-center gap-2 rounded-md text-lg font-bold text-foreground ${focusRing}`}
          >
            <BrandMark />
            <span>{t('common.appName')}</span>
          </a>

          <nav aria-label={t('common.nav.main')} className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={navLinkClass}>
                    {t(link.key)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>

          <div className="hidden lg:block">
            <LanguageSelect id="language-desktop" />
          </div>
          <ThemeToggle />
          <div className="hidden items-center gap-2 lg:flex">
            <Link to="/auth" className={outlineLink}>
              {t('common.nav.login')}
            </Link>
            <Link to="/auth?tab=signup" className={primaryLink}>
              {t('common.nav.getStarted')}
            </Link>
          </div>

          <button
            ref={menuButtonRef}
            type="button"
            className={`inline-flex size-10 items-center justify-center rounded-lg border border-input text-foreground hover:bg-muted lg:hidden ${focusRing}`}
            aria-expanded={isMenuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={t(isMenuOpen ? 'landing.header.closeMenu' : 'landing.header.openMenu')}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <XIcon className="size-5" /> : <MenuIcon className="size-5" />}
          </button>
        </div>

        <div id={MOBILE_MENU_ID} hidden={!isMenuOpen} className="border-t border-border px-3 pt-2 pb-4 lg:hidden">
          <nav aria-label={t('common.nav.main')}>
            <ul className="flex flex-col">
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} onClick={closeMenu} className={`block ${navLinkClass} py-3 text-base`}>
                    {t(link.key)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
            <LanguageSelect id="language-mobile" />
            <Link to="/auth" onClick={closeMenu} className={outlineLink}>
              {t('common.nav.login')}
            </Link>
            <Link to="/auth?tab=signup" onClick={closeMenu} className={primaryLink}>
              {t('common.nav.getStarted')}
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
