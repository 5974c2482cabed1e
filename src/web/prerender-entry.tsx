import { renderToString } from 'react-dom/server';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { FALLBACK_LANGUAGE } from '@/shared/i18n';
import { I18N_INTERPOLATION } from './lib/i18n-interpolation';
import { LandingPage } from './features/landing/components/landing-page';
import { TestModeBanner } from './components/test-mode-banner';
import { BrandMark } from './components/brand-mark';

async function fallbackI18n(translation: Record<string, unknown>) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: FALLBACK_LANGUAGE,
    resources: { [FALLBACK_LANGUAGE]: { translation } },
    interpolation: I18N_INTERPOLATION,
  });
  return i18n;
}

/** Renders the landing page to HTML at build time so it paints before any script arrives. */
export async function renderLanding(translation: Record<string, unknown>): Promise<string> {
  const i18n = await fallbackI18n(translation);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouter location="/">
        {/* As RootLayout renders it, so the page hydrates without a mismatch. */}
        <TestModeBanner />
        <LandingPage />
      </StaticRouter>
    </I18nextProvider>,
  );
}

/**
 * What every other screen shows until its scripts have run (app.html): the test-mode banner, as the app draws it
 * first, and the brand, busy. It has no words of its own, so it reads the same in every language; the app replaces it
 * (it is never hydrated). Without it a slow phone shows a blank page for seconds (bench/README.md, bench:web).
 */
export async function renderAppStart(translation: Record<string, unknown>): Promise<string> {
  const i18n = await fallbackI18n(translation);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <TestModeBanner />
      <div aria-busy="true" className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-background text-foreground">
        <BrandMark className="size-12 motion-safe:animate-pulse" />
        <span className="text-lg font-bold">{i18n.t('auth.page.brand')}</span>
      </div>
    </I18nextProvider>,
  );
}
