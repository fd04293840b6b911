/** Entry of the watchdog process that `npm start` leaves behind it: see stack-watchdog.ts. */
import { runStackWatchdog } from './stack-watchdog';

const [supervisorPid, stateFile] = process.argv.slice(2);
const log = (msg: string) => console.log(`${new Date().toISOString()} [watchdog] ${msg}`);

if (!supervisorPid || !stateFile) {
  log('usage: stack-watchdog.main.ts <supervisor pid> <state file>');
  process.exit(2);
}
runStackWatchdog(Number(supervisorPid), stateFile, log).then(
  () => process.exit(0),
  (err) => {
    log(`failed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(1);
  },
);
