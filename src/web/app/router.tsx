import type { RouteObject } from 'react-router';
import { NotFound } from '@/web/components/errors/not-found';
import { RouteError } from '@/web/components/errors/route-error';

/** Route modules are thin and lazy: each screen's code arrives only when it is visited. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: () => import('./routes/landing') },
      {
        lazy: () => import('./routes/app-shell'),
        children: [],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
