import { useId, type ReactNode, type Ref } from 'react';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { cn } from '@/web/lib/cn';

export interface SelectFieldOption {
  value: string;
  label: string;
  /** Shown but not choosable; `hint` says why. */
  disabled?: boolean;
  hint?: string;
}

export interface SelectFieldProps {
  label: string;
  placeholder: string;
  options: readonly SelectFieldOption[];
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: string;
  /** Helper text under the trigger, tied to it (shown with the error too). */
  description?: ReactNode;
  triggerRef?: Ref<HTMLButtonElement>;
  className?: string;
}

/** FormField's wiring for a Radix select: the label, error and aria attributes belong on the trigger. */
export function SelectField({
  label,
  placeholder,
  options,
  value,
  onChange,
  onBlur,
  name,
  error,
  description,
  triggerRef,
  className,
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div data-invalid={error ? true : undefined} className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id} className={cn(error && 'text-destructive')}>
        {label}
      </Label>
      <Select value={value ?? ''} onValueChange={onChange} name={name}>
        <SelectTrigger id={id} ref={triggerRef} onBlur={onBlur} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value} disabled={option.disabled} hint={option.hint}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {description && (
        <div id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
