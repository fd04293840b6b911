/**
 * A receiver's Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP-date. Returns the
 * wait in seconds (0 for a date in the past), or null when absent or unreadable.
 */
export function parseRetryAfter(value: string | string[] | undefined, nowMs = Date.now()): number | null {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  // Only the IMF-fixdate form has a weekday name and "GMT"; Date.parse accepts it and the obsolete forms.
  if (!/[a-z]/i.test(raw)) return null;
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}
