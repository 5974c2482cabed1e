import type { Rule } from 'eslint';

/** Each table (its export in src/server/db/schema) and the modules that may write it. */
export declare const TABLE_OWNERS: Record<string, string[]>;
declare const rule: Rule.RuleModule;
export default rule;
