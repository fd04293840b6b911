import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * The one logger of every vidgen process (api, worker, scripts): pino, JSON lines for log
 * collectors, and a short human-readable line per entry when a person watches a terminal
 * (`npm start` hands its terminal to the api and the worker). docs/decisions/0028-one-logger.md.
 */
export type { Logger } from 'pino';

/** Pretty lines only for a terminal: a pipe, a file or a collector always gets JSON. */
export function prettyLogs(out: { isTTY?: boolean } = process.stdout): boolean {
  return out.isTTY === true;
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const COLOURS: Record<number, string> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields every line has, or that say nothing to a person reading the terminal. */
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'process', 'taskToken']);

function show(key: string, value: unknown): string {
  // pino-http's request and response objects: the parts a person needs on one line.
  if (key === 'req' && value && typeof value === 'object') {
    const r = value as { id?: unknown; method?: unknown; url?: unknown };
    return `${r.id} ${r.method ?? ''} ${r.url ?? ''}`.trim();
  }
  if (key === 'res' && value && typeof value === 'object')
    return String((value as { statusCode?: unknown }).statusCode);
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  if (value && typeof value === 'object' && 'stack' in value && typeof value.stack === 'string')
    return `\n${value.stack}`;
  return JSON.stringify(value);
}

/** One JSON log line → `12:00:01 INFO  worker  message key=value …`. */
export function formatPretty(line: string, colour = true): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  const level = Number(entry.level);
  const name = (LEVELS[level] ?? String(entry.level)).padEnd(5);
  const time = new Date(Number(entry.time)).toISOString().slice(11, 23);
  const fields = Object.entries(entry)
    .filter(([k, v]) => !HIDDEN.has(k) && v !== undefined)
    .map(([k, v]) => `${k}=${show(k, v)}`)
    .join(' ');
  const lvl = colour ? `\u001b[${COLOURS[level] ?? '0'}m${name}\u001b[0m` : name;
  const proc = entry.process ? `${String(entry.process).padEnd(6)} ` : '';
  return `${time} ${lvl} ${proc}${entry.msg ?? ''}${fields ? ` ${fields}` : ''}\n`;
}

/** A destination that writes each entry as a pretty line to `out`. */
export function prettyDestination(out: NodeJS.WritableStream = process.stdout): DestinationStream {
  return { write: (line: string) => out.write(formatPretty(line.trimEnd())) };
}

/** The destination for this process's logs: pretty on a terminal, JSON otherwise (pino's default). */
export function logDestination(out: NodeJS.WriteStream = process.stdout): DestinationStream | undefined {
  return prettyLogs(out) ? prettyDestination(out) : undefined;
}

export function createLogger(
  options: { level: string; process: string } & Omit<LoggerOptions, 'level' | 'base'>,
  destination: DestinationStream | undefined = logDestination(),
): Logger {
  const { process: name, ...rest } = options;
  const opts: LoggerOptions = { ...rest, base: { process: name } };
  return destination ? pino(opts, destination) : pino(opts);
}
