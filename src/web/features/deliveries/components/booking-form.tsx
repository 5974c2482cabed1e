import { Controller, useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  BOOKING_FIELDS,
  bookingBodySchema,
  DELIVERY_TIMES,
  DELIVERY_TYPES,
  PACKAGE_TYPES,
  PACKAGE_WEIGHTS,
  TRANSPORT_MODES,
  type BookingBody,
  type Delivery,
} from '@/shared/schemas/deliveries';
import { FALLBACK_LANGUAGE, isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@/shared/i18n';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { isApiError } from '@/web/lib/api-client';
import { useBookDelivery } from '../api/book-delivery';
import { useUpdateBooking } from '../api/update-booking';
import { apiErrorCode, toastApiError } from '../lib/errors';
import { todayIsoDate } from '../lib/format';
import { PriceEstimate } from './price-estimate';
import { SelectField } from './select-field';

type BookingFormValues = z.input<typeof bookingBodySchema>;
type FieldName = keyof BookingFormValues;

/** The form's fields in the schema's order (also the order the first error is toasted in). */
const FIELD_ORDER = BOOKING_FIELDS;

const SELECTS = [
  { name: 'packageType', values: PACKAGE_TYPES },
  { name: 'packageWeight', values: PACKAGE_WEIGHTS },
  { name: 'transportMode', values: TRANSPORT_MODES },
  { name: 'deliveryType', values: DELIVERY_TYPES },
  { name: 'deliveryTime', values: DELIVERY_TIMES },
] as const;

const EMPTY: Partial<BookingFormValues> = {
  receiverName: '',
  receiverPhone: '',
  pickupLocation: '',
  dropoffLocation: '',
  deliveryDate: '',
  description: '',
};

function valuesOf(delivery: Delivery): BookingFormValues {
  const values = Object.fromEntries(BOOKING_FIELDS.map((name) => [name, delivery[name] ?? '']));
  return values as BookingFormValues;
}

/** Creates a booking, or edits an unpaid one when `delivery` is given; either way continues to the preview. */
/** Each language in its own name: the sender picks what the receiver reads. */
const RECEIVER_LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

export function BookingForm({ delivery }: { delivery?: Delivery }) {
  const { t, i18n } = useTranslation();
  const senderLanguage = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE;
  const navigate = useNavigate();
  const book = useBookDelivery();
  const update = useUpdateBooking();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BookingFormValues, unknown, BookingBody>({
    resolver: zodResolver(bookingBodySchema),
    defaultValues: delivery ? valuesOf(delivery) : { ...EMPTY, receiverLanguage: senderLanguage },
  });
  /** Field messages are i18n keys from the shared schema (or the server's `detailKeys`). */
  const fieldText = (key: string | undefined) => (key ? t(key) : undefined);
  const message = (name: FieldName) => fieldText(errors[name]?.message);

  const handleInvalid = (invalid: FieldErrors<BookingFormValues>) => {
    const first = FIELD_ORDER.find((name) => invalid[name]);
    toast.error(t('booking.toast.validationTitle'), {
      description: fieldText(first ? invalid[first]?.message : undefined) ?? t('booking.toast.validationDescription'),
    });
  };

  const handleValid = async (body: BookingBody) => {
    try {
      const saved = delivery ? await update.mutateAsync({ id: delivery.id, body }) : await book.mutateAsync(body);
      // The form's own history entry becomes the edit URL, so the browser's Back also returns to a filled form.
      if (!delivery) await navigate(`/dashboard/book-delivery?delivery=${saved.id}`, { replace: true });
      await navigate(`/dashboard/delivery-preview?delivery=${saved.id}`);
    } catch (error) {
      if (isApiError(error)) {
        for (const [field, keys] of Object.entries(error.fieldKeys)) {
          if ((FIELD_ORDER as readonly string[]).includes(field) && keys[0]) setError(field as FieldName, { message: keys[0] });
        }
      }
      toastApiError(t, error, t('booking.toast.saveFailedTitle'));
      if (delivery && apiErrorCode(error) === 'DELIVERY_NOT_EDITABLE') {
        await navigate(`/dashboard/delivery-preview?delivery=${delivery.id}`);
      }
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleValid, handleInvalid)} className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h3 className="text-lg">{t('booking.sections.details')}</h3>
          </CardTitle>
          <CardDescription>{t('booking.requiredHint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <FormField label={t('booking.fields.receiverName')} error={message('receiverName')}>
            <Input autoComplete="name" placeholder={t('booking.placeholders.receiverName')} {...register('receiverName')} />
          </FormField>
          <FormField label={t('booking.fields.receiverPhone')} error={message('receiverPhone')}>
            <Input type="tel" autoComplete="tel" inputMode="tel" placeholder={t('booking.placeholders.receiverPhone')} {...register('receiverPhone')} />
          </FormField>
          <Controller
            name="receiverLanguage"
            control={control}
            render={({ field }) => (
              <SelectField
                label={t('booking.fields.receiverLanguage')}
                placeholder={t('booking.placeholders.receiverLanguage')}
                options={RECEIVER_LANGUAGE_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                name={field.name}
                triggerRef={field.ref}
                error={message('receiverLanguage')}
                className="sm:col-span-2"
              />
            )}
          />
          <FormField label={t('booking.fields.pickupLocation')} error={message('pickupLocation')}>
            <Input autoComplete="off" placeholder={t('booking.placeholders.pickupLocation')} {...register('pickupLocation')} />
          </FormField>
          <FormField label={t('booking.fields.dropoffLocation')} error={message('dropoffLocation')}>
            <Input autoComplete="off" placeholder={t('booking.placeholders.dropoffLocation')} {...register('dropoffLocation')} />
          </FormField>
          {SELECTS.map(({ name, values }) => (
            <Controller
              key={name}
              name={name}
              control={control}
              render={({ field }) => (
                <SelectField
                  label={t(`booking.fields.${name}`)}
                  placeholder={t(`booking.placeholders.${name}`)}
                  options={values.map((value) => ({ value, label: t(`booking.options.${name}.${value}`) }))}
                  value={field.value}
                  onChange={field.onChange}
                  name={field.name}
                  triggerRef={field.ref}
                  error={message(name)}
                />
              )}
            />
          ))}
          <FormField label={t('booking.fields.deliveryDate')} error={message('deliveryDate')}>
            <Input type="date" min={todayIsoDate()} {...register('deliveryDate')} />
          </FormField>
          <FormField label={t('booking.fields.description')} error={message('description')} className="sm:col-span-2">
            <Textarea rows={3} maxLength={500} placeholder={t('booking.placeholders.description')} {...register('description')} />
          </FormField>
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:sticky lg:top-4">
        <EstimateFromForm control={control} />
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? t('booking.saving') : t('booking.continue')}
        </Button>
      </div>
    </form>
  );
}

function EstimateFromForm({ control }: { control: Control<BookingFormValues, unknown, BookingBody> }) {
  const [packageType, packageWeight, deliveryType] = useWatch({ control, name: ['packageType', 'packageWeight', 'deliveryType'] });
  return <PriceEstimate input={{ packageType, packageWeight, deliveryType }} />;
}
