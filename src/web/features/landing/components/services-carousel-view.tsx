import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BikeIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ConstructionIcon,
  PauseIcon,
  PlayIcon,
  ShoppingBagIcon,
  SnowflakeIcon,
  TruckIcon,
  type IconComponent,
} from './icons';
import { focusRing } from './link-styles';

export const SLIDES: { key: string; Icon: IconComponent; tint: string }[] = [
  { key: 'intraCity', Icon: BikeIcon, tint: 'from-sky-100 to-blue-200 dark:from-sky-950 dark:to-blue-900' },
  { key: 'interstate', Icon: TruckIcon, tint: 'from-amber-100 to-orange-200 dark:from-amber-950 dark:to-orange-900' },
  {
    key: 'ecommerce',
    Icon: ShoppingBagIcon,
    tint: 'from-violet-100 to-fuchsia-200 dark:from-violet-950 dark:to-fuchsia-900',
  },
  { key: 'cold', Icon: SnowflakeIcon, tint: 'from-cyan-100 to-teal-200 dark:from-cyan-950 dark:to-teal-900' },
  { key: 'heavy', Icon: ConstructionIcon, tint: 'from-lime-100 to-emerald-200 dark:from-lime-950 dark:to-emerald-900' },
];

export type CarouselViewProps = {
  viewportRef?: Ref<HTMLDivElement>;
  selected: number;
  isPlaying: boolean;
  onSelect?: (index: number) => void;
  onPrevious?: () => void;
  onNext?: () => void;
  onTogglePlay?: () => void;
};

/**
 * The carousel's markup. It renders identically before and after the carousel code has loaded,
 * so swapping the static version for the live one never shifts the layout.
 */
export function CarouselView({
  viewportRef,
  selected,
  isPlaying,
  onSelect,
  onPrevious,
  onNext,
  onTogglePlay,
}: CarouselViewProps) {
  const { t } = useTranslation();
  const controlClass = `inline-flex size-11 items-center justify-center rounded-full border border-input bg-background text-foreground hover:bg-muted ${focusRing}`;
  const total = SLIDES.length;

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t('landing.services.carouselLabel')}
      className="mt-10"
    >
      <div className="overflow-hidden rounded-2xl" ref={viewportRef}>
        <div className="flex touch-pan-y" aria-live={isPlaying ? 'off' : 'polite'}>
          {SLIDES.map(({ key, Icon, tint }, index) => (
            <div
              key={key}
              role="group"
              aria-roledescription="slide"
              aria-label={t('landing.services.slideLabel', { index: index + 1, total })}
              className="min-w-0 shrink-0 grow-0 basis-full px-1"
            >
              <article className="grid h-full overflow-hidden rounded-2xl border border-border bg-card text-card-foreground md:grid-cols-5">
                <div
                  className={`flex h-40 items-center justify-center bg-gradient-to-br md:col-span-2 md:h-full md:min-h-64 ${tint}`}
                >
                  <Icon className="size-20 text-slate-900 dark:text-slate-100" strokeWidth={1.5} />
                </div>
                <div className="p-6 md:col-span-3 md:p-10">
                  <h3 className="text-2xl font-bold">{t(`landing.services.slides.${key}.title`)}</h3>
                  <p className="mt-3 leading-relaxed text-muted-foreground">
                    {t(`landing.services.slides.${key}.text`)}
                  </p>
                  <p className="mt-5 inline-flex rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground">
                    {t(`landing.services.slides.${key}.highlight`)}
                  </p>
                </div>
              </article>
            </div>
          ))}
        </div>
      </div>

      <div className="mt-6 flex items-center justify-between gap-2">
        <button type="button" className={controlClass} onClick={onPrevious} aria-label={t('landing.services.previous')}>
          <ChevronLeftIcon className="size-5" />
        </button>
        <div className="flex items-center">
          {SLIDES.map(({ key }, index) => (
            <button
              key={key}
              type="button"
              onClick={() => onSelect?.(index)}
              aria-label={t('landing.services.goToSlide', { index: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              className={`group inline-flex size-8 items-center justify-center rounded-full ${focusRing}`}
            >
              <span
                className={`block h-2.5 rounded-full transition-all ${
                  index === selected
                    ? 'w-6 bg-primary'
                    : 'w-2.5 bg-slate-400 group-hover:bg-slate-500 dark:bg-slate-500'
                }`}
              />
            </button>
          ))}
        </div>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={controlClass}
            onClick={onTogglePlay}
            aria-label={t(isPlaying ? 'landing.services.pause' : 'landing.services.play')}
          >
            {isPlaying ? <PauseIcon className="size-5" /> : <PlayIcon className="size-5" />}
          </button>
          <button type="button" className={controlClass} onClick={onNext} aria-label={t('landing.services.next')}>
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      </div>
    </div>
  );
}
