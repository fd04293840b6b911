/**
 * Preloaded (`node -r`) into the api and the worker that `npm start` supervises: when the
 * supervisor dies, even by SIGKILL, the process is re-parented, and it then shuts itself down
 * as if stopped with SIGTERM (gracefully), with a hard exit as the last resort.
 */
const parent = process.ppid;
const timer = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(timer);
  console.error(`[vidgen] parent process ${parent} is gone; shutting down`);
  setTimeout(() => process.exit(1), 20_000).unref();
  process.kill(process.pid, 'SIGTERM');
}, 500);
timer.unref();

export {};
