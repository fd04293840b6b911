/** The scope families of docs/api.md#scopes: videos, assets and callbacks, plus credits. */
export const SCOPE_FAMILIES = ['videos', 'assets', 'callbacks', 'credits'] as const;
export type ScopeFamily = (typeof SCOPE_FAMILIES)[number];
export type Scope = `${ScopeFamily}:${'read' | 'write' | '*'}`;

export const ALL_SCOPES: readonly Scope[] = SCOPE_FAMILIES.flatMap((f) => [
  `${f}:read` as Scope,
  `${f}:write` as Scope,
  `${f}:*` as Scope,
]);

export function isScope(value: string): value is Scope {
  return (ALL_SCOPES as readonly string[]).includes(value);
}

/** `videos:*` grants every `videos:` scope; likewise for the other families. */
export function scopeGranted(held: readonly string[], required: Scope): boolean {
  const [family] = required.split(':');
  return held.includes(required) || held.includes(`${family}:*`);
}
