import type { Env } from './config/env.js';
import type { Database, Db } from './db/client.js';
import type { SessionService } from './modules/auth/session-service.js';

/** What buildApp hands to every module: configuration, the database and the shared services. */
export interface AppDeps {
  env: Env;
  database: Database;
  db: Db;
  sessions: SessionService;
}
