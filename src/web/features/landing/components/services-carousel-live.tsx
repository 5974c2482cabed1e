import { useCallback, useState, useSyncExternalStore } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import type { EmblaCarouselType, EmblaEventType } from 'embla-carousel';
import { CarouselView } from './services-carousel-view';

export const AUTOPLAY_DELAY_MS = 3000;

function prefersReducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** Reads a value from the Embla instance and re-renders on the given events (no state copies, no effects). */
function useEmblaValue<T>(
  api: EmblaCarouselType | undefined,
  events: EmblaEventType[],
  read: (api: EmblaCarouselType) => T,
  initial: T,
): T {
  const eventKey = events.join(' ');
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!api) return () => {};
      const names = eventKey.split(' ') as EmblaEventType[];
      names.forEach((name) => api.on(name, notify));
      return () => names.forEach((name) => api.off(name, notify));
    },
    [api, eventKey],
  );
  return useSyncExternalStore(
    subscribe,
    () => (api ? read(api) : initial),
    () => initial,
  );
}

/** The carousel with Embla behind it: loops, autoplays every 3 s, and stops once the visitor takes over. */
export function LiveCarousel() {
  // Motion-sensitive visitors get the slides without the automatic rotation (WCAG 2.2.2).
  const [autoplay] = useState(() =>
    Autoplay({ delay: AUTOPLAY_DELAY_MS, stopOnInteraction: true, playOnInit: !prefersReducedMotion() }),
  );
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true }, [autoplay]);

  const selected = useEmblaValue(emblaApi, ['select', 'reInit'], (api) => api.selectedScrollSnap(), 0);
  const isPlaying = useEmblaValue(
    emblaApi,
    ['autoplay:play', 'autoplay:stop', 'reInit'],
    (api) => api.plugins().autoplay?.isPlaying() ?? false,
    true,
  );

  // Using any control counts as interaction, like dragging: the visitor has taken over, so rotation stops.
  const takeOver = (move: (api: EmblaCarouselType) => void) => {
    autoplay.stop();
    if (emblaApi) move(emblaApi);
  };

  return (
    <CarouselView
      viewportRef={emblaRef}
      selected={selected}
      isPlaying={isPlaying}
      onSelect={(index) => takeOver((api) => api.scrollTo(index))}
      onPrevious={() => takeOver((api) => api.scrollPrev())}
      onNext={() => takeOver((api) => api.scrollNext())}
      onTogglePlay={() => (isPlaying ? autoplay.stop() : autoplay.play())}
    />
  );
}
