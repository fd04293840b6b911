import { ApplicationFailure, Context } from '@temporalio/activity';
import type { ActiveFault, Stage } from '@vidgen/workflows';

/**
 * Injected faults (docs/fault-injection.md) act here, inside the real activities, so the retries and
 * refunds that follow are the real ones. `fail_attempts` counts this stage's attempts over the
 * video's life: the attempts of earlier executions (`priorAttempts`) plus this one's.
 */
export function injectFaults(stage: Stage, fault: ActiveFault): void {
  const attempt = Context.current().info.attempt;
  if (fault.failAttempts > 0 && fault.priorAttempts + attempt <= fault.failAttempts) {
    throw ApplicationFailure.retryable(
      `Injected failure of ${stage} attempt ${fault.priorAttempts + attempt}`,
      'INJECTED_FAULT',
    );
  }
  if (fault.timeout) {
    const type = stage === 'rendering' ? 'RENDER_TIMEOUT' : 'PROVIDER_TIMEOUT';
    throw ApplicationFailure.retryable(`Injected timeout in ${stage}`, type);
  }
  if (fault.fail) throw ApplicationFailure.retryable(`Injected failure in ${stage}`, 'INJECTED_FAULT');
}
