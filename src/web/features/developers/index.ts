export { DevelopersPage } from './developers-page';
