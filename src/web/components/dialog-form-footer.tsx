import { Loader2 } from 'lucide-react';
import { Button, type ButtonProps } from '@/web/components/ui/button';
import { DialogFooter } from '@/web/components/ui/dialog';

/**
 * A dialog form's foot: Cancel (or Back), and the submit button that says it is busy and cannot be pressed twice
 * while the request runs.
 */
export function DialogFormFooter({
  cancelLabel,
  onCancel,
  submitLabel,
  busyLabel,
  isBusy,
  submitVariant,
}: {
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
  isBusy: boolean;
  submitVariant?: ButtonProps['variant'];
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={submitVariant} disabled={isBusy}>
        {isBusy && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
        {isBusy ? busyLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
