import { useMemo, useState, type Ref } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2, Star, UserPlus } from 'lucide-react';
import {
  assignDriverBodySchema,
  DISPATCH_MESSAGE_KEYS,
  type AssignDriverBody,
  type DispatchDelivery,
  type DriverSummary,
} from '@/shared/schemas/dispatch';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { apiErrorText } from '@/web/lib/api-client';
import { fieldErrorText } from '@/web/lib/form-errors';
import { toastApiError } from '@/web/lib/toast-api-error';
import { cn } from '@/web/lib/cn';
import { formatRating } from '@/web/lib/units';
import { useAssignDriver } from '../api/assign-driver';
import { useDispatchDrivers } from '../api/get-dispatch-drivers';

/** The shared body; reassigning to the driver already assigned is no choice either. */
const assignDriverFormSchema = (currentDriverId: string | null) =>
  assignDriverBodySchema.refine((body) => body.driverId !== currentDriverId, {
    path: ['driverId'],
    message: DISPATCH_MESSAGE_KEYS.driverRequired,
  });

/** Choose one of the drivers whose vehicle suits the delivery. */
export function AssignDriverDialog({ delivery, mode }: { delivery: DispatchDelivery; mode: 'assign' | 'reassign' }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const drivers = useDispatchDrivers(delivery.transportMode, isOpen);
  const assign = useAssignDriver();
  const currentDriverId = delivery.driver?.userId ?? null;
  const schema = useMemo(() => assignDriverFormSchema(currentDriverId), [currentDriverId]);
  const form = useForm<AssignDriverBody>({
    resolver: zodResolver(schema),
    defaultValues: { driverId: currentDriverId ?? '' },
    // The message goes when another driver is chosen, and is checked again on the next submit.
    reValidateMode: 'onSubmit',
  });
  const error = fieldErrorText(t, form.formState.errors.driverId);
  // Those on duty first; those off duty stay in sight, labelled, and cannot be chosen (decision 063).
  const choices = useMemo(() => (drivers.data ? [...drivers.data].sort((a, b) => Number(b.onDuty) - Number(a.onDuty)) : undefined), [drivers.data]);
  const hasChoice = choices?.some((driver) => driver.onDuty) ?? false;

  // The dialog opens on the driver assigned now (the delivery may have changed since it last closed).
  const handleOpenChange = (open: boolean) => {
    setIsOpen(open);
    form.reset({ driverId: currentDriverId ?? '' });
  };

  const handleValid = ({ driverId }: AssignDriverBody) => {
    const driver = drivers.data?.find((candidate) => candidate.userId === driverId);
    assign.mutate(
      { deliveryId: delivery.id, driverId },
      {
        onSuccess: () => {
          toast.success(t('dispatch.toasts.driverAssigned'), {
            description: t('dispatch.toasts.driverAssignedDescription', { id: delivery.id, name: driver?.name ?? '' }),
          });
          handleOpenChange(false);
        },
        onError: (failure) => toastApiError(t, failure, t('dispatch.toasts.assignFailed')),
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant={mode === 'assign' ? 'default' : 'outline'}>
          <UserPlus aria-hidden="true" />
          {t(mode === 'assign' ? 'dispatch.actions.assign' : 'dispatch.actions.reassign')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('dispatch.assign.title', { id: delivery.id })}</DialogTitle>
          <DialogDescription>
            {t('dispatch.assign.description', { mode: t(`booking.options.transportMode.${delivery.transportMode}`) })}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(handleValid)} className="grid min-w-0 gap-4">
          {drivers.isPending && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
              {t('dispatch.assign.loading')}
            </p>
          )}
          {drivers.isError && (
            <p role="alert" className="text-sm text-destructive">
              {apiErrorText(t, drivers.error)}
            </p>
          )}
          {choices?.length === 0 && <p className="text-sm text-muted-foreground">{t('dispatch.assign.none')}</p>}
          {choices && choices.length > 0 && !hasChoice && (
            <p className="text-sm text-muted-foreground">{t('dispatch.assign.noneOnDuty')}</p>
          )}
          {choices && choices.length > 0 && (
            <Controller
              control={form.control}
              name="driverId"
              render={({ field }) => (
                <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? 'assign-driver-error' : undefined}>
                  <legend className="mb-2 text-sm font-medium">{t('dispatch.assign.legend')}</legend>
                  {choices.map((driver, index) => (
                    <DriverOption
                      key={driver.userId}
                      ref={index === 0 ? field.ref : undefined}
                      driver={driver}
                      name={`assign-${delivery.id}`}
                      isChecked={field.value === driver.userId}
                      isCurrent={driver.userId === currentDriverId}
                      isInvalid={Boolean(error)}
                      onChoose={() => {
                        field.onChange(driver.userId);
                        form.clearErrors('driverId');
                      }}
                    />
                  ))}
                </fieldset>
              )}
            />
          )}
          {error && (
            <p id="assign-driver-error" role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
              {t('dispatch.cancel')}
            </Button>
            <Button type="submit" disabled={assign.isPending || !hasChoice}>
              {assign.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
              {assign.isPending ? t('dispatch.assign.submitting') : t('dispatch.assign.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DriverOption({
  ref,
  driver,
  name,
  isChecked,
  isCurrent,
  isInvalid,
  onChoose,
}: {
  ref?: Ref<HTMLInputElement>;
  driver: DriverSummary;
  name: string;
  isChecked: boolean;
  isCurrent: boolean;
  isInvalid: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const isOffDuty = !driver.onDuty;
  const vehicle = [driver.vehicleBrand, t(`booking.options.transportMode.${driver.transportMode}`), driver.plateNumber]
    .filter(Boolean)
    .join(' · ');
  return (
    <label
      data-off-duty={isOffDuty ? true : undefined}
      className={cn(
        'flex min-w-0 items-start gap-3 rounded-md border p-3 has-focus-visible:ring-2 has-focus-visible:ring-ring',
        isChecked ? 'border-primary bg-primary/5' : 'border-border',
        isOffDuty ? 'cursor-not-allowed bg-muted/50 text-muted-foreground' : 'cursor-pointer',
      )}
    >
      <input
        ref={ref}
        type="radio"
        name={name}
        value={driver.userId}
        checked={isChecked}
        disabled={isOffDuty}
        onChange={onChoose}
        aria-invalid={isInvalid ? true : undefined}
        className="mt-1 accent-primary"
      />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-medium user-text">
          {driver.name}
          {isCurrent && <span className="ml-2 text-xs text-muted-foreground">({t('dispatch.assign.current')})</span>}
          {isOffDuty && (
            <span className="ml-2 rounded-sm border px-1.5 py-0.5 text-xs font-normal whitespace-nowrap">{t('dispatch.assign.offDuty')}</span>
          )}
        </span>
        <span className="text-xs user-text text-muted-foreground">{vehicle}</span>
        <span className="flex flex-wrap items-center gap-x-3 text-xs">
          <span className="flex items-center gap-1">
            <Star className="size-3.5 fill-amber-400 text-amber-500" aria-hidden="true" />
            {driver.rating === null
              ? t('dispatch.assign.newDriver')
              : t('dispatch.assign.rating', { rating: formatRating(driver.rating, i18n.language), count: driver.reviews })}
          </span>
          <span>{t('dispatch.assign.activeJobs', { count: driver.activeJobs })}</span>
        </span>
      </span>
    </label>
  );
}
