import { withNestFormattersOnFirstUse } from './lazy-date-formats';

// Nest's logger modules, whose logger the api replaces, build their timestamp formatter on first
// use, so loading them does not page in ICU's locale data (lazy-date-formats.ts).
const { serve } = withNestFormattersOnFirstUse(() => require('./serve') as typeof import('./serve'));

serve().catch((err) => {
  console.error(err);
  process.exit(1);
});
