/** The wallet feature's public surface for the app layer. */
export { WalletPage } from './components/wallet-page';
