import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2, Star } from 'lucide-react';
import type { DeliveryRating } from '@/shared/schemas/deliveries';
import { rateDeliveryBodySchema } from '@/shared/schemas/dispatch';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { apiErrorText, isApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { useRateDelivery } from '../api/rate-delivery';

const STARS = [1, 2, 3, 4, 5] as const;
const COMMENT_MAX = 500;

/** Five stars drawn for the eye; the words ("4 out of 5 stars") are what assistive technology reads. */
function StarRow({ stars, className }: { stars: number; className?: string }) {
  return (
    <span className={cn('flex gap-0.5', className)} aria-hidden="true">
      {STARS.map((value) => (
        <Star key={value} className={cn('size-5', value <= stars ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')} />
      ))}
    </span>
  );
}

/** The customer's rating once given. */
export function GivenRating({ rating }: { rating: DeliveryRating }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2" data-testid="my-rating">
      <p className="text-sm text-muted-foreground">{t('tracking.rating.yours')}</p>
      <p className="flex items-center gap-2 font-medium">
        <StarRow stars={rating.stars} />
        <span>{t('tracking.rating.starsOutOfFive', { count: rating.stars })}</span>
      </p>
      {rating.comment && <p className="text-sm break-words">“{rating.comment}”</p>}
    </div>
  );
}

/**
 * Rate the driver: a radio group of 1–5 stars (arrow keys move, the focused star is outlined) and an optional
 * comment. Only offered once the delivery is delivered and not yet rated; the server allows it once.
 */
export function RateDriverForm({ deliveryId, trackingId, driverName }: { deliveryId: string; trackingId: string; driverName: string }) {
  const { t } = useTranslation();
  const [stars, setStars] = useState(0);
  const [hovered, setHovered] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const rate = useRateDelivery(trackingId);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = rateDeliveryBodySchema.safeParse({ stars, comment: comment.trim() || undefined });
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation.dispatch.ratingStars'));
      return;
    }
    setError(undefined);
    // Awaited rather than a mutate callback: the saved rating replaces this form before such a callback would run.
    rate.mutateAsync({ deliveryId, ...parsed.data }).then(
      () => toast.success(t('tracking.rating.thanks'), { description: t('tracking.rating.thanksDescription', { name: driverName }) }),
      (failure: unknown) => {
        if (isApiError(failure) && failure.unavailable) return;
        toast.error(t('tracking.rating.failed'), { description: apiErrorText(t, failure) });
      },
    );
  };

  const shown = hovered || stars;
  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-4" aria-labelledby="rate-driver-title">
      <fieldset className="grid gap-2" aria-describedby={error ? 'rate-driver-error' : undefined}>
        <legend id="rate-driver-title" className="mb-1 font-semibold">
          {t('tracking.rating.title', { name: driverName })}
        </legend>
        <div className="flex gap-1" onMouseLeave={() => setHovered(0)}>
          {STARS.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-md p-1 has-focus-visible:ring-2 has-focus-visible:ring-ring"
              onMouseEnter={() => setHovered(value)}
            >
              <input
                type="radio"
                name="rating-stars"
                value={value}
                checked={stars === value}
                onChange={() => {
                  setStars(value);
                  setError(undefined);
                }}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={cn('size-8 transition-colors', value <= shown ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
              />
              <span className="sr-only">{t('tracking.rating.starsOutOfFive', { count: value })}</span>
            </label>
          ))}
        </div>
        {error && (
          <p id="rate-driver-error" role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        )}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="rating-comment">{t('tracking.rating.commentLabel')}</Label>
        <Textarea
          id="rating-comment"
          value={comment}
          maxLength={COMMENT_MAX}
          onChange={(event) => setComment(event.target.value)}
          placeholder={t('tracking.rating.commentPlaceholder')}
        />
      </div>
      <Button type="submit" className="justify-self-start" disabled={rate.isPending}>
        {rate.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
        {rate.isPending ? t('tracking.rating.submitting') : t('tracking.rating.submit')}
      </Button>
    </form>
  );
}
