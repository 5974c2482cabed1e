import { ApplicationForm } from '@/web/features/partners';

export function Component() {
  return <ApplicationForm type="transportation" />;
}
