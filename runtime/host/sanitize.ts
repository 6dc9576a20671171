import { TOKEN_FIELDS } from '../protocol/token-fields.ts';

/** Removes token fields from a JSON body bound for a page. Returns null when nothing changed. */
export function stripTokenFields(bodyText: string): string | null {
  // Every token field name ends in `oken"`; only a \u escape could spell one otherwise. Neither: nothing to strip,
  // and the answer (most of them) is not parsed and rebuilt on the request path.
  if (!bodyText.includes('oken"') && !bodyText.includes('\\u')) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return null;
  }
  let changed = false;
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (TOKEN_FIELDS.has(key)) changed = true;
      else out[key] = strip(inner);
    }
    return out;
  };
  const cleaned = strip(parsed);
  return changed ? JSON.stringify(cleaned) : null;
}
