/**
 * Graph's `fields` parameter: `id,name,instagram_business_account{id,username},comments.summary(true)`.
 * Each field maps to its sub-fields (braces) or null; modifiers after a dot are dropped.
 */
export type FieldTree = Map<string, FieldTree | null>;

export function parseFields(fields: string | undefined): FieldTree {
  const tree: FieldTree = new Map();
  if (!fields) return tree;
  let depth = 0;
  let start = 0;
  const take = (end: number) => {
    const part = fields.slice(start, end).trim();
    start = end + 1;
    if (!part) return;
    const brace = part.indexOf('{');
    const head = brace === -1 ? part : part.slice(0, brace);
    const name = head.split('.')[0]?.trim() ?? '';
    tree.set(name, brace === -1 ? null : parseFields(part.slice(brace + 1, part.lastIndexOf('}'))));
  };
  for (let i = 0; i < fields.length; i++) {
    const c = fields[i];
    if (c === '{' || c === '(') depth++;
    else if (c === '}' || c === ')') depth--;
    else if (c === ',' && depth === 0) take(i);
  }
  take(fields.length);
  return tree;
}

/** The object with only the fields asked for (and its id), nested as asked; all of it when none are. */
export function pick(object: Record<string, unknown>, tree: FieldTree): Record<string, unknown> {
  if (tree.size === 0) return object;
  const out: Record<string, unknown> = {};
  if ('id' in object) out['id'] = object['id'];
  for (const [name, sub] of tree) {
    const value = object[name];
    if (value === undefined) continue;
    out[name] =
      sub && value && typeof value === 'object' && !Array.isArray(value)
        ? pickNested(value as Record<string, unknown>, sub)
        : value;
  }
  return out;
}

/** An edge wrapped in `data` (a page's picture) takes its sub-fields inside the wrapper, as Graph does. */
function pickNested(value: Record<string, unknown>, tree: FieldTree): Record<string, unknown> {
  const data = value['data'];
  if (!tree.has('data') && data && typeof data === 'object' && !Array.isArray(data))
    return { data: pick(data as Record<string, unknown>, tree) };
  return pick(value, tree);
}
