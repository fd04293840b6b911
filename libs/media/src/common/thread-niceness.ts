/**
 * JavaScript for the top of a worker thread run from source (`new Worker(source, { eval: true })`),
 * with `fs` and `os` in scope, that finds what the thread may do with its own niceness (a Linux
 * thread's niceness is its own): `own`, its thread id (0 where `/proc/thread-self` is missing);
 * `base`, the niceness it started with, which nothing it runs goes below; `mayLower`, whether it may
 * lower its niceness again (root, `CAP_SYS_NICE` or `RLIMIT_NICE`), tried by raising it a step and
 * taking it back. Shared by the voice runtime's threads and the espeak-ng program's.
 */
export const THREAD_NICENESS_SOURCE = `
let own = 0;
try { own = Number(fs.readlinkSync('/proc/thread-self').split('/').pop()) || 0; } catch {}
let base = 0;
let mayLower = false;
if (own) {
  try { base = os.getPriority(own); os.setPriority(own, Math.min(19, base + 1)); os.setPriority(own, base); mayLower = base < 19; } catch {}
}
`;
