export { ReceiptsPage } from './components/receipts-page';
export { ReceiptPage } from './components/receipt-page';
