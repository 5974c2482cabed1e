import { ReceiptPage } from '@/web/features/receipts';

export function Component() {
  return <ReceiptPage />;
}
