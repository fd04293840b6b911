import { withNestFormattersOnFirstUse } from './lazy-date-formats';
import { withNestHttpFromBuiltin } from './nest-http-imports';

// Nest's logger modules, whose logger the api replaces, build their timestamp formatter on first
// use, so loading them does not page in ICU's locale data (lazy-date-formats.ts); Nest's modules
// read http from the built-in module, so loading them does not load undici (nest-http-imports.ts).
const { serve } = withNestFormattersOnFirstUse(() =>
  withNestHttpFromBuiltin(() => require('./serve') as typeof import('./serve')),
);

serve().catch((err) => {
  console.error(err);
  process.exit(1);
});
