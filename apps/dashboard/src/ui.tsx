import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from './api';

/** "2026-11-21T10:00:00.123456" (UTC, with or without Z) → a short local date and time. */
export function formatTime(raw: string | null | undefined): string {
  if (!raw) return '—';
  const iso = raw.endsWith('Z') ? raw : `${raw}Z`;
  const d = new Date(iso.replace(/(\.\d{3})\d*/, '$1'));
  if (Number.isNaN(d.getTime())) return raw;
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatBytes(n: number | undefined): string {
  if (n === undefined || n === null) return '—';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const TONES: Record<string, string> = {
  completed: 'good',
  succeeded: 'good',
  active: 'good',
  failed: 'bad',
  revoked: 'muted',
  expired: 'muted',
  cancelled: 'muted',
  inactive: 'muted',
  review: 'warn',
};

export function Badge({ children, tone }: { children: string; tone?: string }) {
  return <span className={`badge badge-${tone ?? TONES[children] ?? 'info'}`}>{children}</span>;
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1 tabIndex={-1}>{title}</h1>
      {children && <div className="page-actions">{children}</div>}
    </header>
  );
}

export function Card({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section className="card" aria-labelledby={title ? `${id ?? slug(title)}-title` : undefined}>
      {title && <h2 id={`${id ?? slug(title)}-title`}>{title}</h2>}
      {children}
    </section>
  );
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="note note-error" role="alert">
      {describeError(error)}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

/** Loads data on mount (and on `reload`), with the error kept for display. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [data, setData] = useState<T | undefined>();
  const [error, setError] = useState<unknown>();
  const loadRef = useRef(load);
  loadRef.current = load;
  const reload = useCallback(async () => {
    try {
      setData(await loadRef.current());
      setError(undefined);
    } catch (err) {
      setError(err);
    }
  }, []);
  const key = JSON.stringify(deps);
  // The loader reads the values in `deps`; their serialised form decides when to load again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for deps
  useEffect(() => {
    void reload();
  }, [key, reload]);
  return { data, error, reload, setData };
}

/** Runs an action with a busy flag and its error, for buttons and forms. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, setError };
}
