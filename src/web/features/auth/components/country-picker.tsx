import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, ChevronsUpDown } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/web/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { cn } from '@/web/lib/cn';
import { COUNTRIES, findCountry, type Country } from '../data/countries';
import { CountryFlag } from './country-flag';
import { intlLocales } from '@/shared/i18n';

export interface CountryPickerProps {
  id?: string;
  value: string;
  onChange: (code: string) => void;
  'aria-describedby'?: string;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Plain "contains" matching: fuzzy matching would offer Mexico for "xxxxx". Name prefixes rank first. */
function filterCountry(value: string, search: string) {
  const query = fold(search.trim());
  if (!query) return 1;
  const haystack = fold(value);
  if (haystack.startsWith(query) || haystack.includes(` ${query}`)) return 1;
  return haystack.includes(query) ? 0.5 : 0;
}

function useCountryNames() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames(intlLocales(language), { type: 'region' });
    } catch {
      names = null;
    }
    return (country: Country) => names?.of(country.code) ?? country.name;
  }, [language]);
}

/** Searchable country code picker (popover + command list), loaded with its flags only for phone sign-ups. */
export default function CountryPicker({ id, value, onChange, ...rest }: CountryPickerProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const nameOf = useCountryNames();
  const selected = findCountry(value) ?? COUNTRIES[0];

  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          role="combobox"
          aria-expanded={isOpen}
          aria-label={t('auth.country.trigger', { name: nameOf(selected), dial: selected.dial })}
          aria-describedby={rest['aria-describedby']}
          className="h-10 w-full justify-between gap-2 px-3 font-normal"
        >
          <span className="flex min-w-0 items-center gap-2">
            <CountryFlag code={selected.code} />
            <span className="tabular-nums">{selected.dial}</span>
          </span>
          <ChevronsUpDown className="size-4 opacity-60" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72 p-0">
        <Command filter={filterCountry}>
          <CommandInput placeholder={t('auth.country.search')} aria-label={t('auth.country.search')} />
          <CommandList>
            <CommandEmpty>{t('auth.country.empty')}</CommandEmpty>
            <CommandGroup>
              {COUNTRIES.map((country) => {
                const name = nameOf(country);
                return (
                  <CommandItem
                    key={country.code}
                    value={`${name} ${country.name} ${country.code} ${country.dial}`}
                    onSelect={() => {
                      onChange(country.code);
                      setIsOpen(false);
                    }}
                  >
                    <CountryFlag code={country.code} />
                    <span className="min-w-0 flex-1 truncate">{name}</span>
                    <span className="text-muted-foreground tabular-nums">{country.dial}</span>
                    <Check
                      className={cn('size-4', country.code === selected.code ? 'opacity-100' : 'opacity-0')}
                      aria-hidden="true"
                    />
                  </CommandItem>
                );
              })}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
