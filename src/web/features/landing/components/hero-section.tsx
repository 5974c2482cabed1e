import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheckIcon } from './icons';
import { outlineLink, primaryLink } from './link-styles';

const POINTS = ['pricing', 'tracking', 'support'] as const;

export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section id="home" aria-labelledby="hero-title" className="scroll-mt-24 px-4 pt-10 pb-12 sm:pt-16 lg:pb-20">
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-2">
        <div>
          <p className="inline-flex rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground">
            {t('landing.hero.tag')}
          </p>
          <h1 id="hero-title" className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {t('landing.hero.title')}
          </h1>
          <p className="mt-4 text-xl font-semibold text-primary">{t('landing.hero.subtitle')}</p>
          <p className="mt-4 text-base leading-relaxed text-muted-foreground sm:text-lg">
            {t('landing.hero.description')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/auth?tab=signup" className={primaryLink}>
              {t('landing.hero.getStarted')}
            </Link>
            <Link to="/auth?tab=signup" className={outlineLink}>
              {t('landing.hero.bookShipment')}
            </Link>
          </div>
          <ul className="mt-8 grid gap-2 text-sm text-muted-foreground sm:grid-cols-3">
            {POINTS.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CircleCheckIcon className="size-4 shrink-0 text-success" />
                {t(`landing.hero.points.${point}`)}
              </li>
            ))}
          </ul>
        </div>
        <img
          src="/images/hero-freight.svg"
          width="560"
          height="440"
          alt=""
          fetchPriority="high"
          decoding="async"
          className="h-auto w-full max-w-xl justify-self-center"
        />
      </div>
    </section>
  );
}
