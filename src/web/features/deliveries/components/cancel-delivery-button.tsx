import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { DeliveryListItem } from '@/shared/schemas/deliveries';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { useCancelDelivery } from '../api/cancel-delivery';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useSingleFlight } from '@/web/lib/use-single-flight';
import { amountToPayOf } from '../lib/cod';
import { formatNaira } from '../lib/format';

/** Cancelling before pickup refunds what was paid to the wallet; the dialog says so before and after. */
export function CancelDeliveryButton({ delivery }: { delivery: DeliveryListItem }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const cancel = useCancelDelivery();
  const cancelling = useSingleFlight();
  const isPaid = Boolean(delivery.paidAt);
  // A pay-on-delivery order's reserve was paid with its fee, and comes back with it.
  const amount = formatNaira(amountToPayOf(delivery));

  const handleConfirm = async () => {
    try {
      await cancel.mutateAsync(delivery.id);
      setIsOpen(false);
      toast.success(t('deliveries.cancel.successTitle'), {
        description: isPaid ? t('deliveries.cancel.refunded', { amount }) : t('deliveries.cancel.cancelledUnpaid', { id: delivery.id }),
      });
    } catch (error) {
      toastApiError(t, error, t('deliveries.cancel.failedTitle'));
    }
  };

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" aria-label={t('deliveries.cancel.actionLabel', { id: delivery.id })}>
          {t('deliveries.cancel.action')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('deliveries.cancel.title', { id: delivery.id })}</DialogTitle>
          <DialogDescription>{isPaid ? t('deliveries.cancel.descriptionPaid', { amount }) : t('deliveries.cancel.descriptionUnpaid')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('deliveries.cancel.keep')}</Button>
          </DialogClose>
          <Button variant="destructive" disabled={cancelling.isRunning} onClick={() => void cancelling.run(handleConfirm)}>
            {cancelling.isRunning ? t('deliveries.cancel.cancelling') : t('deliveries.cancel.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
