import { useTranslation } from 'react-i18next';
import {
  BikeIcon,
  ConstructionIcon,
  FactoryIcon,
  GlobeIcon,
  HandshakeIcon,
  LocateFixedIcon,
  PackageIcon,
  ReceiptIcon,
  RouteIcon,
  ShoppingBagIcon,
  SnowflakeIcon,
  type IconComponent,
} from './icons';

const CLAIMS: { key: string; Icon: IconComponent }[] = [
  { key: 'matching', Icon: RouteIcon },
  { key: 'tracking', Icon: LocateFixedIcon },
  { key: 'pricing', Icon: ReceiptIcon },
  { key: 'fleet', Icon: BikeIcon },
  { key: 'reach', Icon: GlobeIcon },
  { key: 'partners', Icon: HandshakeIcon },
];

const CATEGORIES: { key: string; Icon: IconComponent }[] = [
  { key: 'parcels', Icon: PackageIcon },
  { key: 'ecommerce', Icon: ShoppingBagIcon },
  { key: 'manufacturing', Icon: FactoryIcon },
  { key: 'cold', Icon: SnowflakeIcon },
  { key: 'heavy', Icon: ConstructionIcon },
];

export function AboutSection() {
  const { t } = useTranslation();
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-24 px-4 py-16 lg:py-24">
      <div className="mx-auto max-w-6xl">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('landing.about.tag')}</p>
          <h2 id="about-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            {t('landing.about.title')}
          </h2>
          <p className="mt-4 text-base leading-relaxed text-muted-foreground sm:text-lg">{t('landing.about.lead')}</p>
        </div>

        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {CLAIMS.map(({ key, Icon }) => (
            <li key={key} className="rounded-xl border border-border bg-card p-5 text-card-foreground">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold">{t(`landing.about.claims.${key}.title`)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                {t(`landing.about.claims.${key}.text`)}
              </p>
            </li>
          ))}
        </ul>

        <h3 className="mt-12 text-xl font-semibold">{t('landing.about.categoriesTitle')}</h3>
        <ul className="mt-4 flex flex-wrap gap-3">
          {CATEGORIES.map(({ key, Icon }) => (
            <li
              key={key}
              className="flex items-center gap-2 rounded-full border border-border bg-background px-4 py-2 text-sm font-medium"
            >
              <Icon className="size-4 shrink-0 text-primary" />
              {t(`landing.about.categories.${key}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
