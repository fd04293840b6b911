/**
 * `npm run licenses`: writes THIRD_PARTY_NOTICES.md (from package-lock.json, the installed
 * packages and the inventory of models, voices, fonts and artwork) and docs/models.md (from the
 * inventory), and lists every dependency the services may not load.
 * `npm run licenses -- --check` (CI, `npm run check`) writes nothing and fails when either file is
 * out of date, when a dependency the services load has an unknown licence or one Apache-2.0 does
 * not allow (outside a separate program), or when an inventoried file is not the pinned one.
 * docs/decisions/0056-licence-and-provenance.md.
 */
import path from 'node:path';
import { filesInUse, inventory, inventoryGaps } from './licenses/inventory';
import { runLicences } from './licenses/licences';

const check = process.argv.includes('--check');
const root = path.resolve(__dirname, '..');
const result = runLicences({
  root,
  check,
  inventory: inventory(),
  filesInUse: filesInUse(),
  gaps: inventoryGaps(),
});
for (const file of result.written) console.log(`[licenses] wrote ${file}`);
if (result.problems.length > 0) {
  for (const p of result.problems) console.error(`[licenses] ${p}`);
  process.exit(1);
}
console.log(
  `[licenses] ${result.packages.length} npm packages and the inventory: ${check ? 'up to date' : 'done'}`,
);
