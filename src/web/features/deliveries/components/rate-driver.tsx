import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2, Star } from 'lucide-react';
import type { z } from 'zod';
import type { DeliveryRating } from '@/shared/schemas/deliveries';
import { rateDeliveryBodySchema } from '@/shared/schemas/dispatch';
import { RATING_COMMENT_MAX, RATING_STARS_MAX, RATING_STARS_MIN } from '@/shared/rule-limits';
import { Button } from '@/web/components/ui/button';
import { CharacterCount } from '@/web/components/character-count';
import { FormField } from '@/web/components/ui/form-field';
import { Textarea } from '@/web/components/ui/textarea';
import { toastApiError } from '@/web/lib/toast-api-error';
import { cn } from '@/web/lib/cn';
import { useRateDelivery } from '../api/rate-delivery';

const STARS = Array.from({ length: RATING_STARS_MAX - RATING_STARS_MIN + 1 }, (_, index) => RATING_STARS_MIN + index);

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
      {rating.comment && <p className="text-sm user-text">“{rating.comment}”</p>}
    </div>
  );
}

/** The shared body, with a blank comment left out (the server stores none rather than an empty one). */
const rateDriverFormSchema = rateDeliveryBodySchema.extend({
  comment: rateDeliveryBodySchema.shape.comment.transform((comment) => comment || undefined),
});
type RateDriverFormInput = z.input<typeof rateDriverFormSchema>;
type RateDriverFormValues = z.output<typeof rateDriverFormSchema>;

/**
 * Rate the driver: a radio group of 1–5 stars (arrow keys move, the focused star is outlined) and an optional
 * comment. Only offered once the delivery is delivered and not yet rated; the server allows it once.
 */
export function RateDriverForm({ deliveryId, trackingId, driverName }: { deliveryId: string; trackingId: string; driverName: string }) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(0);
  const rate = useRateDelivery(trackingId);
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RateDriverFormInput, unknown, RateDriverFormValues>({
    resolver: zodResolver(rateDriverFormSchema),
    defaultValues: { stars: 0, comment: '' },
  });
  const stars = useWatch({ control, name: 'stars' });

  const handleValid = (values: RateDriverFormValues) => {
    // Awaited rather than a mutate callback: the saved rating replaces this form before such a callback would run.
    rate.mutateAsync({ deliveryId, ...values }).then(
      () => toast.success(t('tracking.rating.thanks'), { description: t('tracking.rating.thanksDescription', { name: driverName }) }),
      (failure: unknown) => toastApiError(t, failure, t('tracking.rating.failed')),
    );
  };

  const starsError = errors.stars?.message;
  const commentError = errors.comment?.message;
  const shown = hovered || stars;
  return (
    <form noValidate onSubmit={handleSubmit(handleValid)} className="grid gap-4" aria-labelledby="rate-driver-title">
      <fieldset className="grid gap-2" aria-describedby={starsError ? 'rate-driver-error' : undefined}>
        <legend id="rate-driver-title" className="mb-1 font-semibold">
          {t('tracking.rating.title', { name: driverName })}
        </legend>
        <Controller
          control={control}
          name="stars"
          render={({ field }) => (
            <div className="flex gap-1" onMouseLeave={() => setHovered(0)}>
              {STARS.map((value) => (
                <label
                  key={value}
                  className="cursor-pointer rounded-md p-1 has-focus-visible:ring-2 has-focus-visible:ring-ring"
                  onMouseEnter={() => setHovered(value)}
                >
                  <input
                    ref={value === 1 ? field.ref : undefined}
                    type="radio"
                    name={field.name}
                    value={value}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                    aria-invalid={starsError ? true : undefined}
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
          )}
        />
        {starsError && (
          <p id="rate-driver-error" role="alert" className="text-sm font-medium text-destructive">
            {t(starsError)}
          </p>
        )}
      </fieldset>
      <FormField
        label={t('tracking.rating.commentLabel')}
        error={commentError && t(commentError)}
        description={<CharacterCount control={control} name="comment" max={RATING_COMMENT_MAX} />}
      >
        <Textarea id="rating-comment" maxLength={RATING_COMMENT_MAX} placeholder={t('tracking.rating.commentPlaceholder')} {...register('comment')} />
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={rate.isPending}>
        {rate.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
        {rate.isPending ? t('tracking.rating.submitting') : t('tracking.rating.submit')}
      </Button>
    </form>
  );
}
