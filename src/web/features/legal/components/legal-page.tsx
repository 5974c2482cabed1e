import { useTranslation } from 'react-i18next';
import { intlLocales } from '@/shared/i18n';

export type LegalDocument = 'terms' | 'privacy';

/** The sections of each document, in order: `legal.<document>.sections.<id>.title|body` in the catalogue. */
export const LEGAL_SECTIONS: Record<LegalDocument, readonly string[]> = {
  terms: ['accounts', 'bookings', 'payments', 'prohibited', 'delivery', 'liability', 'partners', 'law'],
  privacy: ['controller', 'collect', 'purposes', 'sharing', 'retention', 'rights', 'security', 'changes'],
};

/** When the texts last changed; a change to them changes this date (decision 052). */
export const LEGAL_UPDATED = '2026-11-26';

/** /terms and /privacy: the document in the visitor's language, with a list of its sections to jump to. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t, i18n } = useTranslation();
  const updated = new Intl.DateTimeFormat(intlLocales(i18n.language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${LEGAL_UPDATED}T00:00:00Z`));
  const sections = LEGAL_SECTIONS[document];
  return (
    <article className="mx-auto grid w-full max-w-3xl min-w-0 grid-cols-1 gap-8 px-4 py-10" aria-labelledby="legal-title">
      <header className="grid grid-cols-1 gap-3">
        <h1 id="legal-title" className="text-3xl font-bold tracking-tight break-words">
          {t(`legal.${document}.title`)}
        </h1>
        <p className="text-sm text-muted-foreground">{t('legal.updated', { date: updated })}</p>
        <p className="leading-relaxed">{t(`legal.${document}.intro`)}</p>
      </header>
      <nav aria-labelledby="legal-contents" className="rounded-lg border border-border p-4 print:hidden">
        <h2 id="legal-contents" className="text-sm font-semibold">
          {t('legal.contents')}
        </h2>
        <ol className="mt-2 grid list-decimal gap-1 ps-5 text-sm">
          {sections.map((id) => (
            <li key={id}>
              <a href={`#${id}`} className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
                {t(`legal.${document}.sections.${id}.title`)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((id, index) => (
        <section key={id} id={id} aria-labelledby={`${id}-title`} className="grid scroll-mt-6 grid-cols-1 gap-2">
          <h2 id={`${id}-title`} className="text-xl font-semibold break-words">
            {index + 1}. {t(`legal.${document}.sections.${id}.title`)}
          </h2>
          <p className="leading-relaxed break-words">{t(`legal.${document}.sections.${id}.body`)}</p>
        </section>
      ))}
    </article>
  );
}
