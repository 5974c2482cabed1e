import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, FALLBACK_LANGUAGE, isLanguage } from '@/shared/i18n';

/** A native select: keyboard and screen-reader friendly for free, and no extra JavaScript. */
export function LanguageSelect({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const value = isLanguage(current) ? current : FALLBACK_LANGUAGE;

  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('landing.header.language')}
      </label>
      {/* Lucide "languages", drawn inline: the auth pages reuse this selector without the landing icon set. */}
      <svg
        viewBox="0 0 24 24"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className="pointer-events-none absolute left-2.5 size-4 text-muted-foreground"
      >
        <path d="m5 8 6 6M4 14l6-6 2-3M2 5h12M7 2h1M22 22l-5-10-5 10M14 18h6" />
      </svg>
      <select
        id={id}
        value={value}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
        className="h-10 appearance-none rounded-lg border border-input bg-background py-1 pr-3 pl-8 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
