/**
 * `{{name}}` merge fields of a template (docs/decisions/0063-templates-and-batches.md): a name is
 * letters, digits and `_`; they stand in `prompt`, `scenes[].narration` and
 * `scenes[].visual_description` of a POST /videos body, and nowhere else.
 */
const PLACEHOLDER = /\{\{([A-Za-z0-9_]+)\}\}/g;

export const VARIABLE_NAME = /^[A-Za-z0-9_]+$/;
/** A value is plain text of at most this many characters. */
export const VARIABLE_VALUE_MAX = 500;

/** The strings of a request that may hold placeholders. */
function fieldsOf(request: Record<string, unknown>): string[] {
  const texts: string[] = [];
  if (typeof request.prompt === 'string') texts.push(request.prompt);
  if (Array.isArray(request.scenes)) {
    for (const scene of request.scenes) {
      if (scene === null || typeof scene !== 'object') continue;
      const s = scene as Record<string, unknown>;
      if (typeof s.narration === 'string') texts.push(s.narration);
      if (typeof s.visual_description === 'string') texts.push(s.visual_description);
    }
  }
  return texts;
}

/** The request's placeholder names, sorted and unique. */
export function variablesOf(request: Record<string, unknown>): string[] {
  const names = new Set<string>();
  for (const text of fieldsOf(request)) for (const m of text.matchAll(PLACEHOLDER)) names.add(m[1]!);
  return [...names].sort();
}

/**
 * The request with every placeholder replaced by its value, in one pass over each field: a
 * value is inserted as it is and never read for placeholders again, so a value holding
 * `{{x}}` stays literal. Placeholders without a value are left as they are (the caller
 * refuses missing names before).
 */
export function fillPlaceholders(
  request: Record<string, unknown>,
  values: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const fill = (text: string) =>
    text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
  const out: Record<string, unknown> = { ...request };
  if (typeof out.prompt === 'string') out.prompt = fill(out.prompt);
  if (Array.isArray(out.scenes)) {
    out.scenes = out.scenes.map((scene: unknown) => {
      if (scene === null || typeof scene !== 'object') return scene;
      const s = { ...(scene as Record<string, unknown>) };
      if (typeof s.narration === 'string') s.narration = fill(s.narration);
      if (typeof s.visual_description === 'string') s.visual_description = fill(s.visual_description);
      return s;
    });
  }
  return out;
}

export interface VariableProblem {
  name: string;
  msg: string;
}

/**
 * What is wrong with the values given for a template's variables: one problem per missing or
 * unknown name, and per value that is not plain text of at most VARIABLE_VALUE_MAX characters.
 */
export function variableProblems(variables: readonly string[], values: unknown): VariableProblem[] {
  const given: Record<string, unknown> =
    values !== null && typeof values === 'object' && !Array.isArray(values)
      ? (values as Record<string, unknown>)
      : {};
  const problems: VariableProblem[] = [];
  for (const name of variables) {
    if (!Object.hasOwn(given, name)) problems.push({ name, msg: `variable ${name} is missing` });
  }
  for (const [name, value] of Object.entries(given)) {
    if (!variables.includes(name)) {
      problems.push({
        name,
        msg: `unknown variable ${name}: the template has ${variables.join(', ') || 'none'}`,
      });
    } else if (typeof value !== 'string') {
      problems.push({ name, msg: `variable ${name} must be a string` });
    } else if (value.length > VARIABLE_VALUE_MAX) {
      problems.push({ name, msg: `variable ${name} must be at most ${VARIABLE_VALUE_MAX} characters` });
    }
  }
  return problems;
}
