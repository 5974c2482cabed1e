import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2 } from 'lucide-react';
import type { DriverDuty } from '@/shared/schemas/dispatch';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useSwitchDuty } from '../api/switch-duty';

/**
 * The driver's on/off duty switch (decision 063): off, operators cannot assign them new jobs; jobs already theirs
 * stay. A real switch (role="switch", Space/Enter), labelled, with what it means said underneath.
 */
export function DutySwitch({ duty }: { duty: DriverDuty }) {
  const { t } = useTranslation();
  const id = useId();
  const switchDuty = useSwitchDuty();
  // While the change is on its way the switch shows where it is going.
  const isOn = switchDuty.isPending && switchDuty.variables ? switchDuty.variables.onDuty : duty.onDuty;

  const handleChange = (onDuty: boolean) => {
    if (switchDuty.isPending) return;
    switchDuty.mutate(
      { onDuty },
      {
        onSuccess: (now) => toast.success(t(now.onDuty ? 'driverWorkspace.duty.toastOn' : 'driverWorkspace.duty.toastOff')),
        onError: (failure) => toastApiError(t, failure, t('driverWorkspace.duty.failed')),
      },
    );
  };

  return (
    <div className="grid gap-1.5 rounded-lg border bg-card p-3" data-testid="driver-duty">
      <div className="flex flex-wrap items-center gap-3">
        <Switch
          id={id}
          checked={isOn}
          onCheckedChange={handleChange}
          // Not `disabled` while saving: a disabled button drops the keyboard focus.
          aria-disabled={switchDuty.isPending || undefined}
          aria-describedby={`${id}-hint`}
        />
        <Label htmlFor={id} className="text-base">
          {t('driverWorkspace.duty.label')}
        </Label>
        {switchDuty.isPending && (
          <span role="status" className="flex items-center gap-1 text-sm text-muted-foreground">
            <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
            {t('driverWorkspace.duty.saving')}
          </span>
        )}
      </div>
      <p id={`${id}-hint`} className="text-sm break-words text-muted-foreground">
        {t(isOn ? 'driverWorkspace.duty.hintOn' : 'driverWorkspace.duty.hintOff')}
      </p>
    </div>
  );
}
