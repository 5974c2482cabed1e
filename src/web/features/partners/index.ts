/** The partners feature's public surface for the app layer. */
import { FileCheckIcon } from 'lucide-react';
import { OPERATOR_APPLICATIONS_PATH } from './components/operator-applications-page';

export { ApplicationForm } from './components/application-form';
export { BecomePartnerPage } from './components/become-partner-page';
export { PartnerSuccessPage } from './components/partner-success-page';
export { OperatorApplicationsPage, OPERATOR_APPLICATIONS_PATH } from './components/operator-applications-page';

/** The console's entry for the operator navigation section (its label is `partners.operator.navLabel`). */
export const OPERATOR_APPLICATIONS_NAV_ITEM = {
  to: OPERATOR_APPLICATIONS_PATH,
  labelKey: 'partners.operator.navLabel',
  icon: FileCheckIcon,
} as const;
