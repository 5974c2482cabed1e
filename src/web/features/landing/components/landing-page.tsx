import { useTranslation } from 'react-i18next';

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <main>
      <h1>{t('landing.hero.title')}</h1>
    </main>
  );
}
