// A parsed JSON value with every member of the given names deleted, at every depth, by walking it:
// what the API client's dropMembers (which cuts them from the text) must give.
export function withoutMembers(value: unknown, names: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutMembers(v, names));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!names.includes(k)) out[k] = withoutMembers(v, names);
    return out;
  }
  return value;
}
