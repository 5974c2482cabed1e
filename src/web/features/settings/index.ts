/** The settings feature's public surface for the app layer. */
export { SettingsPage, type CodeEntrySlotProps } from './components/settings-page';
