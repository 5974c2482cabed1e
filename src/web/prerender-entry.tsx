import { renderToString } from 'react-dom/server';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { FALLBACK_LANGUAGE } from '@/shared/i18n';
import { I18N_INTERPOLATION } from './lib/i18n-interpolation';
import { LandingPage } from './features/landing/components/landing-page';
import { TestModeBanner } from './components/test-mode-banner';

/** Renders the landing page to HTML at build time so it paints before any script arrives. */
export async function renderLanding(translation: Record<string, unknown>): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: FALLBACK_LANGUAGE,
    resources: { [FALLBACK_LANGUAGE]: { translation } },
    interpolation: I18N_INTERPOLATION,
  });
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
