import { Fragment, useEffect, useId, useState, type ChangeEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { CheckIcon } from 'lucide-react';
import { cn } from '@/web/lib/cn';
import { Input } from './input';
import { Label } from './label';

export interface ComboboxGroup<T> {
  key: string;
  /** Shown above the group's options; it also names the group for screen readers. */
  label?: string;
  options: readonly T[];
}

export interface ComboboxProps<T> {
  /** The visible label of the text box. */
  label: ReactNode;
  /** The text typed (or the chosen option's name): the caller owns it. */
  inputValue: string;
  onInputChange: (value: string) => void;
  groups: readonly ComboboxGroup<T>[];
  getOptionKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onSelect: (option: T) => void;
  /** The chosen option, marked with a check. */
  selectedKey?: string | null;
  /** Said by the polite live region while the popup is open: how many results, searching, nothing found. */
  status: string;
  /** Shown in the popup when it is open without options (searching, nothing found); nothing when omitted. */
  emptyContent?: ReactNode;
  placeholder?: string;
  /** The translated error, shown under the box and tied to it. */
  error?: string;
  description?: ReactNode;
  name?: string;
  /** The input's id; its label's id is `${id}-label`. */
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  className?: string;
}

/**
 * A text box that suggests options: the WAI-ARIA 1.2 combobox pattern, list autocomplete with manual selection.
 * Focus stays in the box; ArrowDown/ArrowUp move the active option (aria-activedescendant), Enter chooses it,
 * Escape closes the list, Alt+ArrowDown opens it without moving. Typing never chooses by itself. The caller
 * searches and passes the results in; this component only handles the interaction.
 */
export function Combobox<T>({
  label,
  inputValue,
  onInputChange,
  groups,
  getOptionKey,
  renderOption,
  onSelect,
  selectedKey,
  status,
  emptyContent,
  placeholder,
  error,
  description,
  name,
  id,
  inputRef,
  onBlur,
  className,
}: ComboboxProps<T>) {
  const baseId = useId();
  const inputId = id ?? `${baseId}-input`;
  // Derived from the input's id, so a caller can name a group after the same label.
  const labelId = `${inputId}-label`;
  const listboxId = `${baseId}-listbox`;
  const descriptionId = `${baseId}-description`;
  const errorId = `${baseId}-error`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const [isOpen, setIsOpen] = useState(false);
  // The active option by key, not by position: new results keep it when it is still there, and never
  // silently move it onto another place.
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const options = groups.flatMap((group) => group.options);
  const activeIndex = activeKey === null ? -1 : options.findIndex((option) => getOptionKey(option) === activeKey);
  const isListShown = isOpen && options.length > 0;
  const isPopupShown = isOpen && (options.length > 0 || Boolean(emptyContent));

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(`${baseId}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, baseId]);

  const close = () => {
    setIsOpen(false);
    setActiveKey(null);
  };

  const choose = (option: T) => {
    onSelect(option);
    close();
  };

  const activate = (index: number) => {
    const option = options[index];
    setActiveKey(option === undefined ? null : getOptionKey(option));
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onInputChange(event.target.value);
    setIsOpen(true);
    setActiveKey(null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (event.altKey) {
          setIsOpen(true);
          return;
        }
        if (!isOpen) {
          setIsOpen(true);
          activate(0);
          return;
        }
        if (count > 0) activate(activeIndex < 0 || activeIndex >= count - 1 ? 0 : activeIndex + 1);
        return;
      }
      case 'ArrowUp': {
        event.preventDefault();
        if (event.altKey) {
          close();
          return;
        }
        if (!isOpen) {
          setIsOpen(true);
          activate(count - 1);
          return;
        }
        if (count > 0) activate(activeIndex <= 0 ? count - 1 : activeIndex - 1);
        return;
      }
      case 'Enter': {
        if (!isPopupShown) return;
        // An open list takes the Enter: it chooses, and never submits the form around it half-filled.
        event.preventDefault();
        const option = options[activeIndex];
        if (option !== undefined) choose(option);
        return;
      }
      case 'Escape': {
        if (!isPopupShown) return;
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      }
      default:
    }
  };

  const describedBy = [description ? descriptionId : undefined, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  const renderOptions = (groupOptions: readonly T[], offset: number) =>
    groupOptions.map((option, position) => {
      const at = offset + position;
      const key = getOptionKey(option);
      const isActive = at === activeIndex;
      return (
        <div
          key={key}
          id={optionId(at)}
          role="option"
          aria-selected={isActive}
          onClick={() => choose(option)}
          onMouseMove={() => {
            if (!isActive) setActiveKey(key);
          }}
          className={cn(
            'flex cursor-pointer items-start gap-2 rounded-sm px-2 py-2 text-sm',
            isActive && 'bg-muted text-foreground outline-2 -outline-offset-2 outline-ring',
          )}
        >
          <span className="min-w-0 flex-1">{renderOption(option)}</span>
          <CheckIcon className={cn('mt-0.5 size-4 shrink-0', key === selectedKey ? 'opacity-100' : 'opacity-0')} aria-hidden="true" />
        </div>
      );
    });
  // Where each group's options start in the one list the arrow keys walk.
  const offsets = groups.map((_, at) => groups.slice(0, at).reduce((sum, group) => sum + group.options.length, 0));

  return (
    <div data-slot="combobox" data-invalid={error ? true : undefined} className={cn('grid content-start gap-2', className)}>
      <Label id={labelId} htmlFor={inputId} className={cn(error && 'text-destructive')}>
        {label}
      </Label>
      <div className="relative">
        <Input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={isListShown}
          aria-controls={listboxId}
          aria-activedescendant={isListShown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          value={inputValue}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onClick={() => setIsOpen(true)}
          onBlur={() => {
            close();
            onBlur?.();
          }}
        />
        <div
          hidden={!isPopupShown}
          // Clicking an option must not take the focus from the box (that would close the list first).
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-50 mt-1 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {/* The listbox itself scrolls: a combobox's popup is reached by the arrow keys from the box, never by Tab. */}
          <div id={listboxId} role="listbox" aria-labelledby={labelId} hidden={!isListShown} className="max-h-80 overflow-y-auto">
            {groups.map((group, at) => {
              if (group.options.length === 0) return null;
              const offset = offsets[at] ?? 0;
              if (!group.label) return <Fragment key={group.key}>{renderOptions(group.options, offset)}</Fragment>;
              const headingId = `${baseId}-group-${group.key}`;
              return (
                <div key={group.key} role="group" aria-labelledby={headingId}>
                  <div role="presentation" id={headingId} className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">
                    {group.label}
                  </div>
                  {renderOptions(group.options, offset)}
                </div>
              );
            })}
          </div>
          {!isListShown && emptyContent && <div className="px-2 py-3 text-sm text-muted-foreground">{emptyContent}</div>}
        </div>
      </div>
      {description && (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {isPopupShown ? status : ''}
      </div>
    </div>
  );
}
