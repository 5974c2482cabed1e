import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { HYDRATE_ATTRIBUTE } from '@/shared/deferred-hydration';
import { FALLBACK_LANGUAGE } from '@/shared/i18n';
import { i18n, initI18n } from './lib/i18n';
import { routes } from './app/router';

async function start() {
  // The router starts fetching the first route's code while the catalogue loads: one round trip instead of two
  // in a row before a screen that is not prerendered can show (bench/README.md, bench:web). Nothing renders
  // before both are in.
  const catalogue = initI18n();
  // One task per step: starting the router preloads every module of the first route, and with the scripts'
  // evaluation and the catalogue's start it was one task of about 180 ms under Lighthouse's 4x slowdown.
  await new Promise((resolve) => setTimeout(resolve));
  const router = createBrowserRouter(routes);
  await catalogue;
  // Keep the prerendered HTML on screen until the first route's code has arrived.
  if (!router.state.initialized) {
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (state.initialized) {
          unsubscribe();
          resolve();
        }
      });
    });
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // The landing page arrives prerendered in the fallback language: hydrating keeps its DOM, so focus, scroll
  // and anything the visitor already touched survive the start-up. Anything else renders from scratch, replacing
  // the start frame other screens show until now (scripts/prerender.ts).
  const isPrerendered =
    container.hasAttribute(HYDRATE_ATTRIBUTE) && !router.state.errors && i18n.resolvedLanguage === FALLBACK_LANGUAGE;
  // In a transition React hydrates in slices and yields to the browser between them: the page stays responsive
  // on a slow phone instead of freezing for the whole tree (218 ms in one task under Lighthouse's 4x slowdown).
  if (isPrerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
