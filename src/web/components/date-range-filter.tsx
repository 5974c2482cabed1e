import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarRange, X } from 'lucide-react';
import { intlLocales } from '@/shared/i18n';
import { dateRangeBounds, dateRangeProblems, isDateRangeDay, type DateRange, type DateRangeBounds } from '@/shared/schemas/date-range';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';

/** A day from the URL that a range may name, or nothing: anything else is ignored, not sent. */
export function dayParam(value: string | null): string | undefined {
  return value && isDateRangeDay(value) ? value : undefined;
}

/** The bounds as the reader writes dates (1 Jan 2020), for the message that states them. */
function boundsParams(bounds: DateRangeBounds, language: string) {
  const format = new Intl.DateTimeFormat(intlLocales(language), { dateStyle: 'medium', timeZone: 'UTC' });
  return { earliest: format.format(new Date(`${bounds.earliest}T00:00:00Z`)), latest: format.format(new Date(`${bounds.latest}T00:00:00Z`)) };
}

/**
 * A list's date range (decision 057): two labelled date fields, applied together (Enter or the button), so a list
 * is asked once per range, not on every keystroke; a clear button when a range is set. A day out of the shared
 * bounds, or a start after the end, is said at its field and not applied (the server refuses the same). Give it `key` of the applied range to show a new one.
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
  const { t, i18n } = useTranslation();
  const [from, setFrom] = useState(applied.from ?? '');
  const [to, setTo] = useState(applied.to ?? '');
  const bounds = dateRangeBounds();
  const problems = dateRangeProblems({ from: from || undefined, to: to || undefined }, bounds);
  const messageParams = boundsParams(bounds, i18n.language);
  const hintId = `${id}-hint`;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problems.from || problems.to) return;
    onApply({ from: from || undefined, to: to || undefined });
  };

  // One line per distinct problem below the fields, each field described by its own (both ends out of bounds say it once).
  const messages = [...new Set([problems.from, problems.to].filter((key): key is string => key !== undefined))];
  const errorIdOf = (key: string | undefined) => (key ? `${id}-error-${messages.indexOf(key)}` : undefined);

  const field = (end: 'from' | 'to', value: string, onChange: (value: string) => void, limits: { min: string; max: string }) => (
    <div className="grid min-w-0 flex-1 basis-32 gap-1">
      <Label htmlFor={`${id}-${end}`} className="text-xs text-muted-foreground">
        {t(`dateRange.${end}`)}
      </Label>
      <Input
        id={`${id}-${end}`}
        type="date"
        value={value}
        min={limits.min}
        max={limits.max}
        aria-invalid={problems[end] ? true : undefined}
        aria-describedby={errorIdOf(problems[end])}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );

  return (
    <form onSubmit={handleSubmit} className={cn('grid w-full max-w-md min-w-0 gap-1.5', className)} aria-describedby={hintId}>
      <fieldset className="grid min-w-0 gap-1.5">
        <legend className="mb-1.5 text-sm font-medium">{t('dateRange.legend')}</legend>
        <div className="flex min-w-0 flex-wrap items-end gap-2">
          {field('from', from, setFrom, { min: bounds.earliest, max: (isDateRangeDay(to, bounds) && to) || bounds.latest })}
          {field('to', to, setTo, { min: (isDateRangeDay(from, bounds) && from) || bounds.earliest, max: bounds.latest })}
          <div className="flex min-w-0 flex-wrap gap-2">
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
      {messages.map((key) => (
        <p key={key} id={errorIdOf(key)} role="alert" className="text-sm break-words text-destructive">
          {t(key, messageParams)}
        </p>
      ))}
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint ? `${hint} ` : ''}
        {t('dateRange.hint')}
      </p>
    </form>
  );
}
