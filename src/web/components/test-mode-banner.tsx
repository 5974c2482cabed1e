import { useTranslation } from 'react-i18next';

/**
 * Says that payments are simulated. Always rendered (the prerendered landing page cannot know the server's
 * configuration), shown only when the server marks the page with `<html data-test-mode>` (styles.css).
 */
export function TestModeBanner() {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('testMode.label')}
      className="test-mode-banner border-b border-amber-300 bg-accent px-4 py-2 text-center text-sm text-accent-foreground"
    >
      <p>
        <strong>{t('testMode.title')}</strong> {t('testMode.body')}
      </p>
    </section>
  );
}
