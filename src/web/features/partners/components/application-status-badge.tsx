import { useTranslation } from 'react-i18next';
import type { ApplicationStatus } from '@/shared/schemas/partners';
import { Badge } from '@/web/components/ui/badge';

const VARIANT = { submitted: 'warning', under_review: 'info', approved: 'success', rejected: 'destructive' } as const;

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation();
  return <Badge variant={VARIANT[status]}>{t(`partners.status.${status}`)}</Badge>;
}
