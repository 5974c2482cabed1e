import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
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
import { useSingleFlight } from '@/web/lib/use-single-flight';

/**
 * An action that moves money or cannot be undone, asked once more: the trigger opens a dialog that says what will
 * happen; the action runs once however often it is pressed, and the dialog closes when it succeeded (a failure keeps
 * it open, with the caller's own toast).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  destructive = false,
}: {
  trigger: ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  /** Resolves true when the action succeeded. */
  onConfirm: () => Promise<boolean>;
  destructive?: boolean;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const confirming = useSingleFlight();

  const handleConfirm = async () => {
    if (await onConfirm()) setIsOpen(false);
  };

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('common.back')}</Button>
          </DialogClose>
          <Button variant={destructive ? 'destructive' : 'default'} disabled={confirming.isRunning} onClick={() => void confirming.run(handleConfirm)}>
            {confirming.isRunning && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
