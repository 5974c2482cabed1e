/** The partners feature's public surface for the app layer. */

export { ApplicationForm } from './components/application-form';
export { BecomePartnerPage } from './components/become-partner-page';
export { PartnerSuccessPage } from './components/partner-success-page';
export { OperatorApplicationsPage } from './components/operator-applications-page';
