import { afterAll, beforeAll, inject } from 'vitest';
import { connectTemporal, type TemporalConnections } from './stand-ins';

/**
 * The run's Temporal server for the tests of the describe block it is called in: connected before
 * them, closed after them. Read it inside a test. Apart from stand-ins.ts, which
 * scripts/record-histories.ts loads outside vitest.
 */
export function temporalForTests(): () => TemporalConnections {
  let temporal: TemporalConnections | undefined;
  beforeAll(async () => {
    temporal = await connectTemporal(inject('stack').temporalAddress);
  });
  afterAll(async () => {
    await temporal?.close();
  });
  return () => temporal!;
}
