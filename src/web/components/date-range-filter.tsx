import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarRange, X } from 'lucide-react';
import { DATE_RANGE_MESSAGE_KEYS, type DateRange } from '@/shared/schemas/date-range';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` from the URL, or nothing: anything else is ignored, not sent. */
export function dayParam(value: string | null): string | undefined {
  return value && DAY.test(value) ? value : undefined;
}

/**
 * A list's date range (decision 057): two labelled date fields, applied together (Enter or the button), so a list
 * is asked once per range, not on every keystroke; a clear button when a range is set. A start after the end is
 * said beside the fields and not applied. Give it `key` of the applied range to show a new one.
 */
export function DateRangeFilter({
  id,
  applied,
  onApply,
  hint,
  className,
}: {
  id: string;
  applied: DateRange;
  onApply: (range: DateRange) => void;
  /** What the dates are (a tab's date, say); the Lagos-days rule is always said. */
  hint?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(applied.from ?? '');
  const [to, setTo] = useState(applied.to ?? '');
  const invalid = from !== '' && to !== '' && from > to;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    onApply({ from: from || undefined, to: to || undefined });
  };

  return (
    <form onSubmit={handleSubmit} className={cn('grid w-full max-w-md min-w-0 gap-1.5', className)} aria-describedby={hintId}>
      <fieldset className="grid min-w-0 gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{t('dateRange.legend')}</legend>
        <div className="flex min-w-0 flex-wrap items-end gap-2">
          <div className="grid min-w-0 flex-1 basis-32 gap-1">
            <Label htmlFor={`${id}-from`} className="text-xs text-muted-foreground">
              {t('dateRange.from')}
            </Label>
            <Input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} />
          </div>
          <div className="grid min-w-0 flex-1 basis-32 gap-1">
            <Label htmlFor={`${id}-to`} className="text-xs text-muted-foreground">
              {t('dateRange.to')}
            </Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from || undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" variant="secondary">
              <CalendarRange aria-hidden="true" />
              {t('dateRange.apply')}
            </Button>
            {(applied.from || applied.to) && (
              <Button type="button" variant="ghost" onClick={() => onApply({})}>
                <X aria-hidden="true" />
                {t('dateRange.clear')}
              </Button>
            )}
          </div>
        </div>
      </fieldset>
      {invalid && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {t(DATE_RANGE_MESSAGE_KEYS.order)}
        </p>
      )}
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint ? `${hint} ` : ''}
        {t('dateRange.hint')}
      </p>
    </form>
  );
}
