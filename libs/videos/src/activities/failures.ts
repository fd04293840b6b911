import { ApplicationFailure } from '@temporalio/activity';
import { InsufficientCreditsError, MaxConcurrentVideosError, NotFoundError } from '@vidgen/core';
import { ProviderError, ProviderTimeoutError } from '@vidgen/media';
import { UpdateErrorTypes } from '@vidgen/workflows';

/** Provider errors become Temporal failures whose type the workflow maps to failure_reason codes. */
export function providerFailure(err: unknown): unknown {
  if (err instanceof ProviderTimeoutError)
    return ApplicationFailure.retryable(err.message, 'PROVIDER_TIMEOUT');
  if (err instanceof ProviderError) {
    return err.retryable
      ? ApplicationFailure.retryable(err.message, 'PROVIDER_ERROR')
      : ApplicationFailure.nonRetryable(err.message, 'PROVIDER_ERROR');
  }
  return err;
}

/** Business refusals become non-retryable failures whose type the api maps to its error codes. */
export function businessFailure(err: unknown): unknown {
  if (err instanceof InsufficientCreditsError) {
    return ApplicationFailure.create({
      type: UpdateErrorTypes.insufficientCredits,
      message: err.message,
      details: [{ required: err.required, available: err.available }],
      nonRetryable: true,
    });
  }
  if (err instanceof MaxConcurrentVideosError) {
    return ApplicationFailure.nonRetryable(err.message, UpdateErrorTypes.maxConcurrent);
  }
  if (err instanceof NotFoundError)
    return ApplicationFailure.nonRetryable(err.message, UpdateErrorTypes.notFound);
  return err;
}
