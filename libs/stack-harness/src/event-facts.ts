/** What an event says, as far as it could be said twice. */
export interface FactEvent {
  type: string;
  status?: string | null;
  stage?: string | null;
  data?: unknown;
}

/**
 * Facts (a stage start, a refund, a scene's image, a completion) recorded more than once within
 * one production run of a video's event log, with their counts. A new run starts with each
 * approval and with each (re)written script; scene edits may repeat.
 */
export function repeatedFacts(log: readonly FactEvent[]): [string, number][] {
  let run = 0;
  const facts = new Map<string, number>();
  for (const e of log) {
    if (
      e.type === 'approved' ||
      e.type === 'retry_approved' ||
      (e.type === 'stage_started' && e.status === 'scripting')
    )
      run++;
    const data = (e.data ?? {}) as { scene_id?: string; item?: string };
    const fact = `${run}|${e.type}|${e.status ?? ''}|${e.stage ?? ''}|${data.scene_id ?? ''}|${data.item ?? ''}`;
    if (e.type !== 'scene_edited') facts.set(fact, (facts.get(fact) ?? 0) + 1);
  }
  return [...facts].filter(([, n]) => n > 1);
}
