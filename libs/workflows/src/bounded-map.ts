/**
 * Runs `fn` over the items, at most `limit` at a time. After a failure no further item
 * starts, and the call settles only once the items in flight have: a stage is declared
 * failed (and refunded, and perhaps retried) with none of its activities still running.
 *
 * Deterministic inside a workflow: items start in order, and only promises are involved.
 */
export async function mapBounded<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !failure) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  });
  await Promise.all(lanes);
  if (failure) throw failure.error;
}
