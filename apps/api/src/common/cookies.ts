import type { Request } from 'express';

/** One cookie's value from the Cookie header (Express 5 parses none by itself). */
export function cookieOf(req: Request, name: string): string | undefined {
  const header = req.header('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(value.replace(/^"|"$/g, ''));
    } catch {
      return undefined;
    }
  }
  return undefined;
}
