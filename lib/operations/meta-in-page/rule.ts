/**
 * A field's rules, tried in order of trust (metascraper's manner): the first that answers (not
 * null or undefined) gives the field. Each rule has a name, so tests and the bench can name it.
 */
export interface Rule<C, T = string> {
  readonly name: string;
  readonly read: (c: C) => T | null | undefined;
}

/** The first answer of `rules`, as a chain of `??` would give it; null when none answers. */
export function firstOf<C, T>(rules: readonly Rule<C, T>[], c: C): T | null {
  for (const rule of rules) {
    const v = rule.read(c);
    if (v != null) return v;
  }
  return null;
}
