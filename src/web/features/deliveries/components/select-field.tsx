import { useId, type Ref } from 'react';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { cn } from '@/web/lib/cn';

export interface SelectFieldProps {
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  error?: string;
  triggerRef?: Ref<HTMLButtonElement>;
  className?: string;
}

/** FormField's wiring for a Radix select: the label, error and aria attributes belong on the trigger. */
export function SelectField({ label, placeholder, options, value, onChange, onBlur, name, error, triggerRef, className }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div data-invalid={error ? true : undefined} className={cn('grid gap-2', className)}>
      <Label htmlFor={id} className={cn(error && 'text-destructive')}>
        {label}
      </Label>
      <Select value={value ?? ''} onValueChange={onChange} name={name}>
        <SelectTrigger id={id} ref={triggerRef} onBlur={onBlur} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
