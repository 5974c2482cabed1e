import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon } from './icons';
import { primaryLink } from './link-styles';

// Each Learn More leads to the part of the page (or the sign-up) that answers the row's promise.
const ROWS = [
  { key: 'matching', image: '/images/why-matching.svg', href: '#services' },
  { key: 'tracking', image: '/images/why-tracking.svg', href: '#about' },
  { key: 'pricing', image: '/images/why-pricing.svg', href: '/auth?tab=signup' },
  { key: 'coverage', image: '/images/why-coverage.svg', href: '#services' },
] as const;

export function WhyChooseSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="why-title" className="px-4 py-16 lg:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('landing.why.tag')}</p>
          <h2 id="why-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            {t('landing.why.title')}
          </h2>
        </div>
        <ul className="mt-12 flex flex-col gap-14 lg:gap-20">
          {ROWS.map(({ key, image, href }, index) => {
            const title = t(`landing.why.rows.${key}.title`);
            const label = (
              <>
                {t('landing.why.learnMore')}
                <span className="sr-only"> {t('landing.why.learnMoreAbout', { topic: title })}</span>
                <ArrowRightIcon className="size-4" />
              </>
            );
            return (
              <li key={key} className="grid items-center gap-8 md:grid-cols-2 md:gap-12">
                <img
                  src={image}
                  width="480"
                  height="360"
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className={`h-auto w-full rounded-2xl ${index % 2 === 1 ? 'md:order-2' : ''}`}
                />
                <div>
                  <h3 className="text-2xl font-bold">{title}</h3>
                  <p className="mt-3 leading-relaxed text-muted-foreground">{t(`landing.why.rows.${key}.text`)}</p>
                  {href.startsWith('#') ? (
                    <a href={href} className={`mt-6 ${primaryLink}`}>
                      {label}
                    </a>
                  ) : (
                    <Link to={href} className={`mt-6 ${primaryLink}`}>
                      {label}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
