/** The imports feature's public surface for the app layer. */
export { ImportsPage } from './components/imports-page';
