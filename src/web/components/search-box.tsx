import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';

/**
 * A labelled search form (role search): the text is sent on submit (Enter or the button), not on every key, so a
 * list's search is one request per question. Give it `key={initial}` to show a new initial value.
 */
export function SearchBox({
  id,
  label,
  placeholder,
  submitLabel,
  initial,
  maxLength,
  onSearch,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  initial: string;
  maxLength: number;
  onSearch: (text: string) => void;
  className?: string;
}) {
  const [value, setValue] = useState(initial);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" onSubmit={handleSubmit} className={cn('grid w-full max-w-md gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {/* The button goes under the field rather than past the edge when both do not fit (a phone, a long label). */}
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(event) => setValue(event.target.value)}
          className="w-auto min-w-0 flex-1 basis-48"
        />
        <Button type="submit" variant="secondary" className="max-w-full">
          <Search aria-hidden="true" />
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
