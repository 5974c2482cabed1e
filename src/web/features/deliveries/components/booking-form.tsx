import { useId } from 'react';
import {
  Controller,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { modeUnavailability, RATE_CARD, type RateCard, type Trip } from '@/shared/pricing';
import { scheduleProblem } from '@/shared/eta';
import { DELIVERY_DESCRIPTION_MAX } from '@/shared/rule-limits';
import {
  DELIVERY_TIMES,
  DELIVERY_TYPES,
  PACKAGE_TYPES,
  PACKAGE_WEIGHTS,
  SCHEDULE_PROBLEM_FIELDS,
  TRANSPORT_MODES,
  type Delivery,
  type TransportMode,
} from '@/shared/schemas/deliveries';
import { UNAVAILABLE_MESSAGE_KEYS } from '@/shared/schemas/quotes';
import { FALLBACK_LANGUAGE, isLanguage, LANGUAGE_NAMES, LANGUAGES } from '@/shared/i18n';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { CharacterCount } from '@/web/components/character-count';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { Textarea } from '@/web/components/ui/textarea';
import { isApiError } from '@/web/lib/api-client';
import { nairaInputOf } from '@/web/lib/naira';
import { useBookDelivery } from '../api/book-delivery';
import { useCreateAddress } from '../api/create-address';
import { useAddresses } from '../api/get-addresses';
import { useRateCard } from '../api/get-rate-card';
import { useUpdateBooking } from '../api/update-booking';
import {
  addressBodyOf,
  bookedTripOf,
  bookingBodyOf,
  bookingFormValuesSchema,
  bookingLocationsOf,
  deliveryDateRange,
  EMPTY_LOCATION,
  flowStateOf,
  FORM_FIELD_ORDER,
  formFieldOfServerField,
  locationValuesOf,
  tripOfLocations,
  type BookingFormInput,
  type BookingFormValues,
  type BookingLocations,
} from '../lib/booking-locations';
import { toastApiError } from '@/web/lib/toast-api-error';
import { codAmountKoboOf } from '../lib/cod';
import { apiErrorCode } from '../lib/errors';
import { formatNaira } from '../lib/format';
import { LocationPicker } from './location-picker';
import { PriceEstimate } from './price-estimate';
import { SelectField } from './select-field';

type FormControl = Control<BookingFormInput, unknown, BookingFormValues>;

const SELECTS = [
  { name: 'packageType', values: PACKAGE_TYPES },
  { name: 'packageWeight', values: PACKAGE_WEIGHTS },
  { name: 'transportMode', values: TRANSPORT_MODES },
  { name: 'deliveryType', values: DELIVERY_TYPES },
  { name: 'deliveryTime', values: DELIVERY_TIMES },
] as const;

function valuesOf(delivery: Delivery, locations: BookingLocations | null): BookingFormInput {
  return {
    receiverName: delivery.receiverName,
    receiverPhone: delivery.receiverPhone,
    receiverLanguage: delivery.receiverLanguage,
    ...locationValuesOf(delivery, locations),
    packageType: delivery.packageType,
    packageWeight: delivery.packageWeight,
    transportMode: delivery.transportMode,
    deliveryType: delivery.deliveryType,
    deliveryTime: delivery.deliveryTime,
    deliveryDate: delivery.deliveryDate,
    description: delivery.description ?? '',
    payOnDelivery: delivery.cod !== null,
    codAmount: delivery.cod ? nairaInputOf(delivery.cod.amountKobo) : '',
  };
}

/** Each language in its own name: the sender picks what the receiver reads. */
const RECEIVER_LANGUAGE_OPTIONS = LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

/** Why each vehicle cannot take the trip (null: it can), once the trip is known. */
function unavailabilityOf(rateCard: RateCard, trip: Trip | null, deliveryType: BookingFormInput['deliveryType']) {
  return Object.fromEntries(
    TRANSPORT_MODES.map((mode) => [
      mode,
      trip ? modeUnavailability(rateCard, trip, mode, deliveryType ?? 'standard') : null,
    ]),
  ) as Record<TransportMode, ReturnType<typeof modeUnavailability>>;
}

export interface BookingFormProps {
  /** The unpaid booking to edit; a new booking without it. */
  delivery?: Delivery;
  /** The places the flow carried for that booking (see booking-locations.ts); its texts without them. */
  locations?: BookingLocations | null;
}

/** Creates a booking, or edits an unpaid one when `delivery` is given; either way continues to the preview. */
export function BookingForm({ delivery, locations = null }: BookingFormProps) {
  const { t, i18n } = useTranslation();
  const senderLanguage = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : FALLBACK_LANGUAGE;
  const navigate = useNavigate();
  const book = useBookDelivery();
  const update = useUpdateBooking();
  const createAddress = useCreateAddress();
  const rateCard = useRateCard().data ?? RATE_CARD;
  const addresses = useAddresses().data ?? [];
  const bookedTrip = bookedTripOf(delivery);
  const dateRange = deliveryDateRange();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<BookingFormInput, unknown, BookingFormValues>({
    resolver: zodResolver(bookingFormValuesSchema),
    defaultValues: delivery
      ? valuesOf(delivery, locations)
      : {
          receiverName: '',
          receiverPhone: '',
          receiverLanguage: senderLanguage,
          pickup: EMPTY_LOCATION,
          dropoff: EMPTY_LOCATION,
          deliveryDate: '',
          description: '',
          payOnDelivery: false,
          codAmount: '',
        },
  });
  /** Field messages are i18n keys from the shared schemas (or the server's `detailKeys`). */
  const fieldText = (key: string | undefined) => (key ? t(key) : undefined);
  const message = (
    name:
      | 'receiverName'
      | 'receiverPhone'
      | 'receiverLanguage'
      | 'deliveryDate'
      | 'description'
      | 'codAmount'
      | (typeof SELECTS)[number]['name'],
  ) => fieldText(errors[name]?.message);

  const handleInvalid = (invalid: FieldErrors<BookingFormInput>) => {
    const first = FORM_FIELD_ORDER.find((name) => invalid[name]);
    let key: string | undefined;
    if (first === 'pickup' || first === 'dropoff') {
      const location = invalid[first];
      key = location?.choice?.message ?? location?.line?.message ?? location?.directions?.message;
    } else if (first) key = invalid[first]?.message;
    toast.error(t('booking.toast.validationTitle'), {
      description: fieldText(key) ?? t('booking.toast.validationDescription'),
    });
  };

  /** Ticked "Save this address" boxes, once the booking is saved; a failure only says so (the booking stands). */
  const saveAddresses = (values: BookingFormValues) => {
    const bodies = [values.pickup, values.dropoff].map(addressBodyOf).filter((body) => body !== null);
    if (bodies.length === 0) return;
    void Promise.allSettled(bodies.map((body) => createAddress.mutateAsync(body))).then((results) => {
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) toastApiError(t, failure.reason, t('booking.location.saveFailed'));
    });
  };

  const handleValid = async (values: BookingFormValues) => {
    const trip = tripOfLocations(rateCard, values.pickup, values.dropoff, bookedTrip);
    const unavailable = trip && modeUnavailability(rateCard, trip, values.transportMode, values.deliveryType);
    if (unavailable) {
      const text = t(UNAVAILABLE_MESSAGE_KEYS[unavailable.reason], { maxKm: unavailable.maxKm });
      toast.error(t('booking.toast.validationTitle'), { description: text });
      setFocus('transportMode');
      return;
    }
    const problem = trip && scheduleProblem(rateCard, { ...trip, ...values, startAt: new Date() });
    if (problem) {
      const { field, key } = SCHEDULE_PROBLEM_FIELDS[problem];
      setError(field, { message: key });
      toast.error(t('booking.toast.validationTitle'), { description: t(key) });
      setFocus(field);
      return;
    }
    try {
      const body = bookingBodyOf(values);
      const saved = delivery ? await update.mutateAsync({ id: delivery.id, body }) : await book.mutateAsync(body);
      saveAddresses(values);
      // The places travel with the flow, so the preview's Back (and the browser's) brings them back.
      const state = flowStateOf(bookingLocationsOf(values, saved));
      // The form's own history entry becomes the edit URL, so the browser's Back also returns to a filled form.
      await navigate(`/dashboard/book-delivery?delivery=${saved.id}`, { replace: true, state });
      await navigate(`/dashboard/delivery-preview?delivery=${saved.id}`, { state });
    } catch (error) {
      if (isApiError(error)) {
        for (const [field, keys] of Object.entries(error.fieldKeys)) {
          const name = formFieldOfServerField(field);
          if (name && keys[0]) setError(name as Path<BookingFormInput>, { message: keys[0] });
        }
      }
      toastApiError(t, error, t('booking.toast.saveFailedTitle'));
      if (delivery && apiErrorCode(error) === 'DELIVERY_NOT_EDITABLE') {
        await navigate(`/dashboard/delivery-preview?delivery=${delivery.id}`);
      }
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(handleValid, handleInvalid)}
      className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start"
    >
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h3 className="text-lg">{t('booking.sections.details')}</h3>
          </CardTitle>
          <CardDescription>{t('booking.requiredHint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField label={t('booking.fields.receiverName')} error={message('receiverName')}>
            <Input
              autoComplete="name"
              placeholder={t('booking.placeholders.receiverName')}
              {...register('receiverName')}
            />
          </FormField>
          <FormField label={t('booking.fields.receiverPhone')} error={message('receiverPhone')}>
            <Input
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder={t('booking.placeholders.receiverPhone')}
              {...register('receiverPhone')}
            />
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
          <LocationPicker side="pickup" control={control} addresses={addresses} />
          <LocationPicker side="dropoff" control={control} addresses={addresses} />
          {SELECTS.map(({ name, values }) =>
            name === 'transportMode' ? (
              <TransportModeField key={name} control={control} rateCard={rateCard} bookedTrip={bookedTrip} />
            ) : (
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
            ),
          )}
          <FormField label={t('booking.fields.deliveryDate')} error={message('deliveryDate')}>
            <Input type="date" min={dateRange.min} max={dateRange.max} {...register('deliveryDate')} />
          </FormField>
          <FormField
            label={t('booking.fields.description')}
            error={message('description')}
            description={<CharacterCount control={control} name="description" max={DELIVERY_DESCRIPTION_MAX} />}
            className="sm:col-span-2"
          >
            <Textarea
              rows={3}
              maxLength={DELIVERY_DESCRIPTION_MAX}
              placeholder={t('booking.placeholders.description')}
              {...register('description')}
            />
          </FormField>
          <PayOnDeliveryField control={control} register={register} rateCard={rateCard} error={message('codAmount')} />
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:sticky lg:top-4">
        <EstimateFromForm control={control} rateCard={rateCard} bookedTrip={bookedTrip} />
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? t('booking.saving') : t('booking.continue')}
        </Button>
      </div>
    </form>
  );
}

interface TripProps {
  control: FormControl;
  rateCard: RateCard;
  /** The saved booking's measured trip, while its places are the booking's own texts. */
  bookedTrip: Trip | null;
}

/** The vehicle select: the ones that cannot take the trip are disabled, each with its reason beside it. */
function TransportModeField({ control, rateCard, bookedTrip }: TripProps) {
  const { t } = useTranslation();
  const [pickup, dropoff, deliveryType] = useWatch({ control, name: ['pickup', 'dropoff', 'deliveryType'] });
  const unavailable = unavailabilityOf(rateCard, tripOfLocations(rateCard, pickup, dropoff, bookedTrip), deliveryType);
  const reasonText = (mode: TransportMode) => {
    const reason = unavailable[mode];
    return reason ? t(UNAVAILABLE_MESSAGE_KEYS[reason.reason], { maxKm: reason.maxKm }) : undefined;
  };
  const refused = TRANSPORT_MODES.filter((mode) => unavailable[mode]);
  return (
    <Controller
      name="transportMode"
      control={control}
      render={({ field, fieldState }) => {
        const chosenReason = field.value ? reasonText(field.value) : undefined;
        return (
          <SelectField
            label={t('booking.fields.transportMode')}
            placeholder={t('booking.placeholders.transportMode')}
            options={TRANSPORT_MODES.map((value) => ({
              value,
              label: t(`booking.options.transportMode.${value}`),
              disabled: Boolean(unavailable[value]),
              hint: reasonText(value),
            }))}
            value={field.value}
            onChange={field.onChange}
            name={field.name}
            triggerRef={field.ref}
            error={chosenReason ?? (fieldState.error?.message ? t(fieldState.error.message) : undefined)}
            description={
              refused.length > 0 && (
                <ul className="grid gap-0.5" data-testid="unavailable-modes">
                  {refused.map((mode) => (
                    <li key={mode} className="flex flex-wrap gap-x-2">
                      <span className="font-medium text-foreground">{t(`booking.options.transportMode.${mode}`)}</span>
                      <span>{reasonText(mode)}</span>
                    </li>
                  ))}
                </ul>
              )
            }
          />
        );
      }}
    />
  );
}

function EstimateFromForm({ control, rateCard, bookedTrip }: TripProps) {
  const [pickup, dropoff, packageType, packageWeight, transportMode, deliveryType, payOnDelivery, codAmount] = useWatch(
    {
      control,
      name: [
        'pickup',
        'dropoff',
        'packageType',
        'packageWeight',
        'transportMode',
        'deliveryType',
        'payOnDelivery',
        'codAmount',
      ],
    },
  );
  return (
    <PriceEstimate
      rateCard={rateCard}
      trip={tripOfLocations(rateCard, pickup, dropoff, bookedTrip)}
      options={{ packageType, packageWeight, transportMode, deliveryType }}
      cod={payOnDelivery ? { amountKobo: codAmountKoboOf(codAmount ?? '') } : undefined}
    />
  );
}

/**
 * Pay on delivery (decision 053): a switch, and once on, the amount the receiver pays by link before the hand-over.
 * The estimate beside the form shows the fee, the return reserve and what the shipper receives.
 */
function PayOnDeliveryField({
  control,
  register,
  rateCard,
  error,
}: {
  control: FormControl;
  register: UseFormRegister<BookingFormInput>;
  rateCard: RateCard;
  error?: string;
}) {
  const { t } = useTranslation();
  const switchId = useId();
  const isOn = useWatch({ control, name: 'payOnDelivery' }) ?? false;
  return (
    <fieldset className="grid gap-4 rounded-lg border border-border p-4 sm:col-span-2" data-testid="pay-on-delivery">
      <legend className="sr-only">{t('cod.booking.legend')}</legend>
      <div className="flex items-start gap-3">
        <Controller
          name="payOnDelivery"
          control={control}
          render={({ field }) => (
            <Switch
              id={switchId}
              ref={field.ref}
              name={field.name}
              checked={field.value ?? false}
              onCheckedChange={field.onChange}
              aria-describedby={`${switchId}-hint`}
              className="mt-0.5"
            />
          )}
        />
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={switchId}>{t('cod.booking.switch')}</Label>
          <p id={`${switchId}-hint`} className="text-sm text-muted-foreground">
            {t('cod.booking.hint')}
          </p>
        </div>
      </div>
      {isOn && (
        <FormField
          label={t('cod.booking.amount')}
          error={error}
          description={t('cod.booking.amountHint', {
            min: formatNaira(rateCard.cod.minAmountKobo),
            max: formatNaira(rateCard.cod.maxAmountKobo),
          })}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('cod.booking.amountPlaceholder')}
            {...register('codAmount')}
          />
        </FormField>
      )}
    </fieldset>
  );
}
