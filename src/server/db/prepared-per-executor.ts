import type { Executor } from './client.js';

/**
 * A statement of fixed shape prepared (Drizzle's `.prepare(name)`) once per executor it runs on: once for the
 * process on a database (each pooled connection parses it once), anew for each transaction (which is short). A
 * prepared query belongs to the executor that built it, so a write that must run in its caller's transaction, or on
 * the write pool (docs/decisions/050), asks for the statement of that executor.
 */
export function preparedPerExecutor<Statement>(
  prepare: (executor: Executor) => Statement,
): (executor: Executor) => Statement {
  const byExecutor = new WeakMap<Executor, Statement>();
  return (executor) => {
    let statement = byExecutor.get(executor);
    if (!statement) byExecutor.set(executor, (statement = prepare(executor)));
    return statement;
  };
}

/** preparedPerExecutor for each statement of a set: only the statements a caller uses are built on its executor. */
export function preparedPerExecutorEach<Builders extends Record<string, (executor: Executor) => unknown>>(
  builders: Builders,
): { [Name in keyof Builders]: (executor: Executor) => ReturnType<Builders[Name]> } {
  return Object.fromEntries(Object.entries(builders).map(([name, build]) => [name, preparedPerExecutor(build)])) as {
    [Name in keyof Builders]: (executor: Executor) => ReturnType<Builders[Name]>;
  };
}
