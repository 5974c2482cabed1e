import { useWatch, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * "12 of 500 characters", under a text box with a limit (a FormField's description, so it is read with the box).
 * It watches the field itself, so only it re-renders as the person types.
 */
export function CharacterCount<T extends FieldValues>({ control, name, max }: { control: Control<T>; name: FieldPath<T>; max: number }) {
  const { t } = useTranslation();
  const value: unknown = useWatch({ control, name });
  const length = typeof value === 'string' ? value.length : 0;
  return <span className={length >= max ? 'font-medium text-foreground' : undefined}>{t('common.characterCount', { length, max })}</span>;
}
