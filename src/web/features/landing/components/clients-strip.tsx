import { useTranslation } from 'react-i18next';
import { LeafIcon, PillIcon, ShirtIcon, SmartphoneIcon, WheatIcon, WrenchIcon, type IconComponent } from './icons';

// Sample clients for the marketing page; the businesses are fictitious.
const CLIENTS: { key: string; Icon: IconComponent }[] = [
  { key: 'ekoFresh', Icon: LeafIcon },
  { key: 'arewaAgro', Icon: WheatIcon },
  { key: 'okikiPharma', Icon: PillIcon },
  { key: 'nnamdiSpares', Icon: WrenchIcon },
  { key: 'bisolaFashion', Icon: ShirtIcon },
  { key: 'lekkiGadgets', Icon: SmartphoneIcon },
];

export function ClientsStrip() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="clients-title" className="border-y border-border bg-muted/60 px-4 py-10">
      <div className="mx-auto max-w-6xl">
        <h2 id="clients-title" className="text-center text-base font-semibold text-muted-foreground">
          {t('landing.clients.title')}
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {CLIENTS.map(({ key, Icon }) => (
            <li
              key={key}
              className="flex items-center justify-center gap-2 text-center text-sm font-semibold text-foreground"
            >
              <Icon className="size-5 shrink-0 text-primary" />
              <span>{t(`landing.clients.names.${key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
