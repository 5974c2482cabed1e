import { ReceiptsPage } from '@/web/features/receipts';

export function Component() {
  return <ReceiptsPage />;
}
