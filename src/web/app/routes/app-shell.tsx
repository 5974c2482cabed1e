import { Outlet } from 'react-router';
import { Providers } from '../providers';

/** Everything past the landing page shares query cache, tooltips and toasts; the landing page stays light. */
export function Component() {
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}
