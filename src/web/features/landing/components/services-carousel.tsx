import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CarouselView } from './services-carousel-view';

// Embla (about 8 KB compressed) is only needed once the carousel is close to the screen; until then the
// prerendered slides are shown as they are, which keeps the landing page's first JavaScript small.
const LiveCarousel = lazy(() =>
  import('./services-carousel-live').then((module) => ({ default: module.LiveCarousel })),
);
const LOAD_MARGIN = '600px 0px';

export function ServicesCarousel() {
  const { t } = useTranslation();
  const sectionRef = useRef<HTMLElement>(null);
  const [isNear, setIsNear] = useState(false);

  useEffect(() => {
    const node = sectionRef.current;
    if (!node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setIsNear(true);
        observer.disconnect();
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const placeholder = <CarouselView selected={0} isPlaying={true} />;

  return (
    <section
      ref={sectionRef}
      id="services"
      aria-labelledby="services-title"
      className="scroll-mt-24 bg-muted/60 px-4 py-16 lg:py-24"
    >
      <div className="mx-auto max-w-6xl">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('landing.services.tag')}</p>
          <h2 id="services-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            {t('landing.services.title')}
          </h2>
          <p className="mt-4 text-base leading-relaxed text-muted-foreground sm:text-lg">
            {t('landing.services.description')}
          </p>
        </div>
        {isNear ? <Suspense fallback={placeholder}>{<LiveCarousel />}</Suspense> : placeholder}
      </div>
    </section>
  );
}
