import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';

/** Naira typed as text (so "5,000" and "₦5,000.50" are accepted), with the numeric keypad on phones. */
export function AmountField({
  id,
  error,
  description,
  ...input
}: Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  error?: string;
  description?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={t('wallet.amountLabel')} error={error} description={description} id={id}>
      <Input inputMode="decimal" autoComplete="off" placeholder={t('wallet.amountPlaceholder')} {...input} />
    </FormField>
  );
}
