export * from './users.js';
export * from './messages.js';
export * from './deliveries.js';
export * from './money.js';
export * from './idempotency.js';
export * from './live.js';
export * from './ledger.js';
