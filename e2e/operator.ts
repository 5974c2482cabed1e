/** The operator account e2e/serve.ts creates for every browser run (throwaway database, loopback only). */
export const E2E_OPERATOR = { email: 'dispatch.desk@example.com', password: 'Dispatch!Desk-2718' } as const;
