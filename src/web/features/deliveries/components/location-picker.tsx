import { useId, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Address, Place } from '@/shared/schemas/places';
import { PLACE_DIRECTIONS_MAX, PLACE_LINE_MAX } from '@/shared/rule-limits';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Combobox, type ComboboxGroup } from '@/web/components/ui/combobox';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { usePlaceSearch } from '../api/search-places';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import type { BookingFormInput, BookingFormValues, LocationChoice, Side } from '../lib/booking-locations';

/** How long typing must pause before the places are searched. */
const SEARCH_DEBOUNCE_MS = 200;
/** Saved addresses shown above the places: the best few, not the whole book. */
const SAVED_SHOWN = 5;

type Option = { type: 'address'; address: Address } | { type: 'place'; place: Place };

const optionKey = (option: Option) => (option.type === 'address' ? `address:${option.address.id}` : `place:${option.place.id}`);

function choiceKey(choice: LocationChoice | null): string | null {
  if (choice?.kind === 'address') return `address:${choice.address.id}`;
  if (choice?.kind === 'place') return `place:${choice.place.id}`;
  return null;
}

/** The text the box shows for a choice. */
function choiceName(choice: LocationChoice | null): string {
  if (!choice) return '';
  if (choice.kind === 'place') return choice.place.name;
  if (choice.kind === 'address') return choice.address.label;
  return choice.text;
}

/** Lower case without diacritics: "Ọjà" finds "Oja". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

function matchesAddress(address: Address, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const haystack = fold([address.label, address.line, address.lga ?? '', address.state].join(' '));
  return words.every((word) => haystack.includes(word));
}

const areaOf = (where: { lga: string | null; state: string }) => [where.lga, where.state].filter(Boolean).join(', ');

export interface LocationPickerProps {
  side: Side;
  control: Control<BookingFormInput, unknown, BookingFormValues>;
  addresses: readonly Address[];
}

/**
 * One end of the trip: search a place (or a saved address), then the street and the driver's directions.
 * A chosen place can be saved to the address book once the booking is saved.
 */
export function LocationPicker({ side, control, addresses }: LocationPickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const saveId = useId();
  const choice = useController({ control, name: `${side}.choice` });
  const line = useController({ control, name: `${side}.line` });
  const directions = useController({ control, name: `${side}.directions` });
  const save = useController({ control, name: `${side}.save` });

  const chosen = choice.field.value;
  const [query, setQuery] = useState(() => choiceName(chosen));
  // While a choice stands, its name is in the box: there is nothing to search for.
  const searchText = chosen ? '' : query.trim();
  const debounced = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const search = usePlaceSearch(debounced);

  const saved = addresses.filter((address) => !searchText || matchesAddress(address, searchText)).slice(0, SAVED_SHOWN);
  // Results of an older text stay on screen while the new text is searched (no flicker), never for an empty box.
  const places = searchText ? (search.data ?? []) : [];
  const groups: ComboboxGroup<Option>[] = [
    { key: 'saved', label: t('booking.location.savedAddresses'), options: saved.map((address) => ({ type: 'address', address })) },
    { key: 'places', label: saved.length > 0 ? t('booking.location.places') : undefined, options: places.map((place) => ({ type: 'place', place })) },
  ];
  const count = saved.length + places.length;
  const isSearching = searchText !== '' && (debounced !== searchText || search.isFetching);

  let status: string;
  let emptyContent: string | undefined;
  if (count > 0) status = t('booking.location.resultCount', { count });
  else if (isSearching) status = emptyContent = t('booking.location.searching');
  else if (searchText && search.isError) status = emptyContent = t('booking.location.searchFailed');
  else if (searchText) status = emptyContent = t('booking.location.noResults');
  else status = '';

  const handleInputChange = (text: string) => {
    setQuery(text);
    if (chosen) {
      // The box no longer names the choice: choose again.
      choice.field.onChange(null);
      save.field.onChange(false);
    }
  };

  const handleSelect = (option: Option) => {
    if (option.type === 'address') {
      const { address } = option;
      choice.field.onChange({ kind: 'address', address } satisfies LocationChoice);
      line.field.onChange(address.line);
      directions.field.onChange(address.directions ?? '');
      save.field.onChange(false);
      setQuery(address.label);
    } else {
      choice.field.onChange({ kind: 'place', place: option.place } satisfies LocationChoice);
      setQuery(option.place.name);
    }
  };

  const renderOption = (option: Option) => {
    if (option.type === 'address') {
      const { address } = option;
      return (
        <>
          <span className="block font-medium break-words">{address.label}</span>
          <span className="block text-xs break-words text-muted-foreground">
            {address.line}, {areaOf(address)}
          </span>
        </>
      );
    }
    const { place } = option;
    return (
      <>
        <span className="flex flex-wrap items-center gap-x-2">
          <span className="font-medium break-words">{place.name}</span>
          <span className="rounded border border-border px-1 text-[0.7rem] leading-4 text-muted-foreground">
            {t(`booking.location.kinds.${place.kind}`)}
          </span>
        </span>
        <span className="block text-xs break-words text-muted-foreground">{areaOf(place)}</span>
      </>
    );
  };

  const labelKey = side === 'pickup' ? 'booking.fields.pickupLocation' : 'booking.fields.dropoffLocation';
  const errorText = (key: string | undefined) => (key ? t(key) : undefined);
  const isBooked = chosen?.kind === 'booked';
  const where = chosen?.kind === 'place' ? chosen.place : chosen?.kind === 'address' ? chosen.address : null;

  return (
    <div role="group" aria-labelledby={`${inputId}-label`} className="grid min-w-0 gap-4 sm:col-span-2 sm:grid-cols-2" data-testid={`${side}-picker`}>
      <Combobox<Option>
        id={inputId}
        className="sm:col-span-2"
        label={t(labelKey)}
        placeholder={t(`booking.placeholders.${side}Location`)}
        inputValue={query}
        onInputChange={handleInputChange}
        groups={groups}
        getOptionKey={optionKey}
        renderOption={renderOption}
        onSelect={handleSelect}
        selectedKey={choiceKey(chosen)}
        status={status}
        emptyContent={emptyContent}
        name={choice.field.name}
        inputRef={choice.field.ref}
        onBlur={choice.field.onBlur}
        description={isBooked ? t('booking.location.bookedHint') : where ? areaOf(where) : t('booking.location.searchHint')}
        error={errorText(choice.fieldState.error?.message)}
      />
      {!isBooked && (
        <>
          <FormField label={t('booking.location.line')} error={errorText(line.fieldState.error?.message)}>
            <Input autoComplete="street-address" maxLength={PLACE_LINE_MAX} placeholder={t('booking.location.linePlaceholder')} {...line.field} />
          </FormField>
          {/* The example is a hint under the box, not a placeholder: a placeholder is cut at 360 px in longer languages. */}
          <FormField label={t('booking.location.directions')} description={t('booking.location.directionsExample')} error={errorText(directions.fieldState.error?.message)}>
            <Input autoComplete="off" maxLength={PLACE_DIRECTIONS_MAX} {...directions.field} />
          </FormField>
        </>
      )}
      {chosen?.kind === 'place' && (
        <div className="flex items-center gap-2 sm:col-span-2">
          <Checkbox
            id={saveId}
            name={save.field.name}
            checked={save.field.value}
            onCheckedChange={(checked) => save.field.onChange(checked === true)}
          />
          <Label htmlFor={saveId} className="font-normal">
            {t('booking.location.save')}
          </Label>
        </div>
      )}
    </div>
  );
}
