import type { FactoryProvider } from '@nestjs/common';
import type { Client } from '@temporalio/client';
import type { Db } from '@vidgen/db';

/** The typed AppConfig parsed at start-up. */
export const CONFIG = Symbol('CONFIG');
/** The one Kysely database pool of the process. */
export const DB = Symbol('DB');
/** The one (lazily connecting) Temporal client of the process. */
export const TEMPORAL = Symbol('TEMPORAL');

export interface TemporalHandle {
  client: Client;
  close(): Promise<void>;
}

/** Provides a class built over the database pool alone: a repository, a store, a limiter. */
export function overDb<T>(type: new (db: Db) => T): FactoryProvider<T> {
  return { provide: type, useFactory: (db: Db) => new type(db), inject: [DB] };
}
