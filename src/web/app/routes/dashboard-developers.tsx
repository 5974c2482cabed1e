import { DevelopersPage } from '@/web/features/developers';

export function Component() {
  return <DevelopersPage />;
}
