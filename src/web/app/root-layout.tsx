import { Outlet } from 'react-router';
import { TestModeBanner } from '@/web/components/test-mode-banner';

/** Wraps every page, the prerendered landing page included (prerender-entry.tsx renders the same). */
export function RootLayout() {
  return (
    <>
      <TestModeBanner />
      <Outlet />
    </>
  );
}
