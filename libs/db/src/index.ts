export type {
  Insertable,
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  Selectable,
  Transaction,
  Updateable,
} from 'kysely';
export { sql } from 'kysely';
export * from './account-lock';
export * from './database';
export * from './errors';
export * from './migrate';
export * from './notifications';
export * from './prepared';
export * from './schema';
export { statementName } from './statement-names';
