/**
 * The roles an account can hold (docs/decisions/031). Every account is a customer; a driver is an approved
 * transportation partner; an operator dispatches the work and reviews applications. The server checks them on
 * every route (plugins/auth.ts requireRole); the web only uses them to choose what to show.
 */
export const ROLES = ['customer', 'driver', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const CUSTOMER_ROLE: Role = 'customer';
export const DRIVER_ROLE: Role = 'driver';
export const OPERATOR_ROLE: Role = 'operator';
