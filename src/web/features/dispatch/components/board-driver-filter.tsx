import { useTranslation } from 'react-i18next';
import { Label } from '@/web/components/ui/label';
import { NATIVE_SELECT_CLASS } from '@/web/components/ui/native-select';
import { useDispatchDrivers } from '../api/get-dispatch-drivers';

/**
 * The Active tab's driver filter (decision 088): every driver, with the jobs each carries; choosing one shows only
 * their jobs on the road. The choice lives in the URL (`?driver=`), so the page, the search and the export follow it.
 */
export function BoardDriverFilter({ driverId, onChange }: { driverId: string | undefined; onChange: (driverId: string | null) => void }) {
  const { t } = useTranslation();
  const drivers = useDispatchDrivers('all', true);
  const isKnown = !driverId || drivers.data?.some((driver) => driver.userId === driverId);
  return (
    <div className="grid max-w-xs min-w-0 gap-1">
      <Label htmlFor="dispatch-driver">{t('dispatch.driverFilter.label')}</Label>
      <select id="dispatch-driver" className={`${NATIVE_SELECT_CLASS} w-full`} value={driverId ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{t('dispatch.driverFilter.all')}</option>
        {drivers.data?.map((driver) => (
          <option key={driver.userId} value={driver.userId}>
            {`${driver.name} · ${t('dispatch.assign.activeJobs', { count: driver.activeJobs })}`}
          </option>
        ))}
        {/* A driver from a shared link whose record is not (yet) listed still shows as chosen. */}
        {!isKnown && <option value={driverId}>{t('dispatch.driverFilter.label')}</option>}
      </select>
    </div>
  );
}
