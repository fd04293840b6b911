import { Client, Connection } from '@temporalio/client';

export interface TemporalTarget {
  address: string;
  namespace: string;
}

/**
 * A lazily connecting client: the api starts even while Temporal is still coming up, and the
 * first call that needs Temporal connects (and fails with a clear error if it cannot).
 */
export function createTemporalClient(target: TemporalTarget): { client: Client; close: () => Promise<void> } {
  const connection = Connection.lazy({ address: target.address });
  const client = new Client({ connection, namespace: target.namespace });
  return { client, close: () => connection.close() };
}
