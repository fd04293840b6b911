/**
 * Timestamps travel from PostgreSQL as the raw text of a timestamptz in a UTC session
 * (e.g. "2026-11-21 10:00:00.123456+00"), so the microseconds survive. These helpers turn
 * that text into the two formats of docs/api.md#timestamps.
 */
const RAW = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(?:Z|[+-]00(?::?00)?)?$/;

function parts(raw: string): { date: string; time: string; micros: string } {
  const m = RAW.exec(raw);
  if (!m) throw new Error(`Unexpected timestamp text: ${raw}`);
  return { date: m[1]!, time: m[2]!, micros: (m[3] ?? '').padEnd(6, '0') };
}

/** Video records: ISO 8601, no zone suffix, microsecond precision: 2026-11-21T10:00:00.123456 */
export function toNaiveMicros(raw: string): string {
  const p = parts(raw);
  return `${p.date}T${p.time}.${p.micros}`;
}

/** Webhook records: ISO 8601 with a trailing Z: 2026-11-21T10:00:00.123456Z */
export function toIsoZ(raw: string): string {
  return `${toNaiveMicros(raw)}Z`;
}

export function toUnixSeconds(raw: string): number {
  return Math.floor(Date.parse(`${toIsoZ(raw).slice(0, 23)}Z`) / 1000);
}
