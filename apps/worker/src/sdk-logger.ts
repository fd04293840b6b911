import type { Logger as SdkLogger } from '@temporalio/worker';
import type { Logger } from '@vidgen/core';

/** The Temporal SDK's logger interface over the process's pino logger, metadata kept as fields. */
export function sdkLogger(log: Logger): SdkLogger {
  return {
    log: (level, message, meta) =>
      log[level === 'TRACE' ? 'trace' : (level.toLowerCase() as 'info')]({ ...meta }, message),
    trace: (m, meta) => log.trace(meta, m),
    debug: (m, meta) => log.debug(meta, m),
    info: (m, meta) => log.info(meta, m),
    warn: (m, meta) => log.warn(meta, m),
    error: (m, meta) => log.error(meta, m),
  };
}
