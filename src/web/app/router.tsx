import type { RouteObject } from 'react-router';
import { RouteError } from '@/web/components/errors/route-error';
import { RootLayout } from './root-layout';

/** Route modules are thin and lazy: each screen's code arrives only when it is visited. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: () => import('./routes/landing') },
      {
        lazy: () => import('./routes/app-shell'),
        children: [
          // Public, but it reads the API: inside the shell for the query cache.
          { path: '/rates', lazy: () => import('./routes/rates') },
          { path: '/terms', lazy: () => import('./routes/terms') },
          { path: '/privacy', lazy: () => import('./routes/privacy') },
          {
            lazy: () => import('./routes/auth-layout'),
            children: [
              { path: '/auth', lazy: () => import('./routes/auth') },
              { path: '/verify-otp', lazy: () => import('./routes/verify-otp') },
              { path: '/forgot-password', lazy: () => import('./routes/forgot-password') },
              { path: '/verify-reset', lazy: () => import('./routes/verify-reset') },
              { path: '/reset-password', lazy: () => import('./routes/reset-password') },
            ],
          },
          {
            // Every /dashboard/* screen needs a session.
            lazy: () => import('./routes/require-session'),
            children: [
              {
                path: '/dashboard',
                lazy: () => import('./routes/dashboard-layout'),
                children: [
                  { index: true, lazy: () => import('./routes/dashboard-home') },
                  { path: 'book-delivery', lazy: () => import('./routes/dashboard-book-delivery') },
                  { path: 'delivery-preview', lazy: () => import('./routes/dashboard-delivery-preview') },
                  { path: 'payment', lazy: () => import('./routes/dashboard-payment') },
                  { path: 'payment-success', lazy: () => import('./routes/dashboard-payment-success') },
                  { path: 'my-deliveries', lazy: () => import('./routes/dashboard-my-deliveries') },
                  { path: 'imports', lazy: () => import('./routes/dashboard-imports') },
                  { path: 'tracking', lazy: () => import('./routes/dashboard-tracking') },
                  { path: 'wallet', lazy: () => import('./routes/dashboard-wallet') },
                  { path: 'receipts', lazy: () => import('./routes/dashboard-receipts') },
                  { path: 'receipts/:id', lazy: () => import('./routes/dashboard-receipt') },
                  { path: 'notifications', lazy: () => import('./routes/dashboard-notifications') },
                  { path: 'settings', lazy: () => import('./routes/dashboard-settings') },
                  { path: 'developers', lazy: () => import('./routes/dashboard-developers') },
                  { path: 'driver', lazy: () => import('./routes/dashboard-driver') },
                  { path: 'operator/dispatch', lazy: () => import('./routes/dashboard-operator-dispatch') },
                  { path: 'operator/withdrawals', lazy: () => import('./routes/dashboard-operator-withdrawals') },
                  { path: 'become-partner', lazy: () => import('./routes/dashboard-become-partner') },
                  { path: 'transportation-partner-form', lazy: () => import('./routes/dashboard-transportation-partner-form') },
                  { path: 'investment-partner-form', lazy: () => import('./routes/dashboard-investment-partner-form') },
                  { path: 'partner-success', lazy: () => import('./routes/dashboard-partner-success') },
                  { path: 'operator/applications', lazy: () => import('./routes/dashboard-operator-applications') },
                  { path: '*', lazy: () => import('./routes/dashboard-not-found') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];
