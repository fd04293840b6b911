import { lazyDateTimeFormats } from './lazy-date-formats';

// The api's modules load with date formatters made on first use (lazy-date-formats.ts), so
// Nest's ConsoleLogger, which the api replaces, does not page in ICU's locale data.
const { serve } = lazyDateTimeFormats(() => require('./serve') as typeof import('./serve'));

serve().catch((err) => {
  console.error(err);
  process.exit(1);
});
