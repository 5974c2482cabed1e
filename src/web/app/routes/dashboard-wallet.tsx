import { WalletPage } from '@/web/features/wallet';

export function Component() {
  return <WalletPage />;
}
