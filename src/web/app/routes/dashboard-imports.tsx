import { ImportsPage } from '@/web/features/imports';

export function Component() {
  return <ImportsPage />;
}
