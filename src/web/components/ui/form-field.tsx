import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/web/lib/cn';
import { Label } from './label';

type ControlProps = {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
};

export type FormFieldProps = {
  label: ReactNode;
  /** One input-like element; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<ControlProps>;
  /** The translated error message, if any. */
  error?: string;
  /** Helper text shown under the control while there is no error. */
  description?: ReactNode;
  id?: string;
  className?: string;
  labelClassName?: string;
};

/** Label + control + message, with the ids wired so screen readers announce the error with the field. */
export function FormField({ label, children, error, description, id, className, labelClassName }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? children.props.id ?? generatedId;
  const descriptionId = `${controlId}-description`;
  const errorId = `${controlId}-error`;
  const describedBy = [
    children.props['aria-describedby'],
    description ? descriptionId : undefined,
    error ? errorId : undefined,
  ]
    .filter(Boolean)
    .join(' ');

  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : children.props['aria-invalid'],
        'aria-describedby': describedBy || undefined,
      })
    : children;

  return (
    <div data-slot="form-field" data-invalid={error ? true : undefined} className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId} className={cn(error && 'text-destructive', labelClassName)}>
        {label}
      </Label>
      {control}
      {description && (
        <p id={descriptionId} data-slot="form-field-description" className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} data-slot="form-field-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
