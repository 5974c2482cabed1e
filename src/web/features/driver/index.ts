/** The driver's workspace for the app layer. */
export { DriverJobsPage } from './components/driver-jobs-page';
