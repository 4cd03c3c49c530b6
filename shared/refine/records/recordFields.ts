/**
 * Boolean fields of a structured record in the context (`'OutdoorSeating':
 * False`, `"WiFi": null`, `'RestaurantsTakeOut': True`), read with the
 * phrases a writer uses for them: the CamelCase key split into words
 * (`outdoor seating`, `take out`, `good for groups`), also glued and
 * hyphenated (`takeout`, `take-out`, `wi-fi`). Only CamelCase keys count;
 * lower-case keys (`name`, `garage`) are plain data, not named features,
 * except as flags inside a CamelCase key's own record (`'BusinessParking':
 * {'lot': False}`), named with the parent's noun (`lot parking`).
 */
import type { ContextLookup } from '../../lookup/contextLookup';

export type FieldValue = 'yes' | 'no' | 'unknown';

export interface RecordField {
  key: string;
  value: FieldValue;
  /** The value as written (`False`, `None`, `u'no'`). */
  written: string;
  part: number;
  /** Raw range of the written value. */
  start: number;
  end: number;
  phrases: string[];
}

/** A CamelCase key whose value is a flat record of flags (`'BusinessParking': {'garage': False, …}`). */
const NESTED = /['"]([A-Z][A-Za-z]{2,40})['"]\s?:\s?\{([^{}]{1,600})\}/g;
const FLAG = /['"]([a-z][a-z_]{1,30})['"]\s?:\s?(True|False|None|true|false|null)/g;
/** A flag's own word stands for it alone only when it is long enough to be specific (`romantic`, not `lot`). */
const MIN_ALONE = 7;
const FIELD = /['"]([A-Z][A-Za-z]{2,40})['"]\s?:\s?(True|False|None|true|false|null|u?'(?:yes|no|none|free|paid)'|"(?:yes|no|none|free|paid)")/g;
/** Words a phrase may not start or end with. */
const FUNCTION_WORDS = new Set(['for', 'of', 'the', 'a', 'an', 'has', 'is', 'by', 'to', 'and']);

export function valueOf(written: string): FieldValue {
  const v = written.replace(/^u?['"]|['"]$/g, '').toLowerCase();
  if (v === 'true' || v === 'yes' || v === 'free' || v === 'paid') return 'yes';
  if (v === 'false' || v === 'no' || (v === 'none' && written !== 'None')) return 'no';
  return 'unknown';
}

/** `RestaurantsGoodForGroups` → `for groups`, `restaurants good for groups`, `good for groups`; `HasTV` → `tv`; `WiFi` → `wi fi`, `wifi`, `wi-fi`. */
export function phrasesOf(key: string, namespaces: ReadonlySet<string> = new Set()): string[] {
  let words = keyWords(key);
  if (words.length > 1 && namespaces.has(words[0])) words = words.slice(1);
  while (words.length > 1 && FUNCTION_WORDS.has(words[0])) words = words.slice(1);
  const out: string[] = [];
  const min = Math.min(2, words.length);
  // `good for groups` is also said `suitable for groups`, `great for groups`: `for groups` carries it.
  const forAt = words.indexOf('for');
  if (forAt > 0 && forAt < words.length - 1) out.push(words.slice(forAt).join(' '));
  for (let i = 0; i + min <= words.length; i++) {
    const suffix = words.slice(i);
    if (FUNCTION_WORDS.has(suffix[0]) || FUNCTION_WORDS.has(suffix[suffix.length - 1])) continue;
    out.push(suffix.join(' '));
    if (suffix.length === 2) out.push(suffix.join(''), suffix.join('-'));
  }
  return [...new Set(out)];
}

function keyWords(key: string): string[] {
  return key.split(/(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/).map((w) => w.toLowerCase());
}

/**
 * First words that several keys share (`Restaurants` in `RestaurantsTakeOut`,
 * `RestaurantsReservations`): a namespace of the record, not part of what a
 * writer calls the field.
 */
export function namespacesOf(keys: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const k of keys) {
    const words = keyWords(k);
    if (words.length > 1) counts.set(words[0], (counts.get(words[0]) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= 2).map(([w]) => w));
}

/**
 * Every field of every part, grouped by key, read once per index: a part's
 * text never changes, and reading every part again for each output would
 * make a long session quadratic in its length.
 */
interface FieldTable {
  /** Per key, its fields in part order; keys in order of first appearance. */
  byKey: Map<string, RecordField[]>;
  /** Position of each field within its part's fields, for ordering keys as a part-order scan meets them. */
  ordinal: Map<RecordField, number>;
  /** Parts read so far: an index that grows (a session still being written) adds parts after them. */
  read: number;
}

const tables = new WeakMap<ContextLookup, FieldTable>();

function fieldTable(index: ContextLookup): FieldTable {
  let table = tables.get(index);
  if (!table) {
    table = { byKey: new Map(), ordinal: new Map(), read: 0 };
    tables.set(index, table);
  }
  // Parts come in part order, so reading only the ones added since keeps every list as a full read would.
  for (; table.read < index.partCount; table.read++) {
    fieldsOfPart(index, table.read).forEach((f, i) => {
      const list = table!.byKey.get(f.key);
      if (list) list.push(f);
      else table!.byKey.set(f.key, [f]);
      table!.ordinal.set(f, i);
    });
  }
  return table;
}

/**
 * Every boolean CamelCase field in the searchable parts, and every flag
 * nested in one; the first occurrence of a key wins. Fields come in the
 * order a scan of the parts in order meets their keys.
 */
export function recordFields(index: ContextLookup, searchable: (part: number) => boolean): RecordField[] {
  const table = fieldTable(index);
  if (table.byKey.size === 0) return [];
  const first: RecordField[] = [];
  for (const list of table.byKey.values()) {
    const f = list.find((x) => searchable(x.part));
    if (f) first.push(f);
  }
  first.sort((a, b) => a.part - b.part || table.ordinal.get(a)! - table.ordinal.get(b)!);
  const fields = first.map((f) => ({ ...f }));
  const namespaces = namespacesOf(fields.map((f) => f.key).filter((k) => !k.includes('.')));
  for (const f of fields) if (!f.key.includes('.')) f.phrases = phrasesOf(f.key, namespaces);
  return fields;
}

function fieldsOfPart(index: ContextLookup, part: number): readonly RecordField[] {
  const text = index.partText(part);
  const fields: RecordField[] = [];
  for (const m of text.matchAll(FIELD)) {
    const start = m.index + m[0].length - m[2].length;
    // Phrases depend on the record's other keys (its namespace), so they are named per check.
    fields.push({ key: m[1], value: valueOf(m[2]), written: m[2], part, start, end: start + m[2].length, phrases: [] });
  }
  for (const m of text.matchAll(NESTED)) {
    const parent = keyWords(m[1]);
    const noun = parent[parent.length - 1];
    const bodyStart = m.index + m[0].indexOf('{') + 1;
    for (const f of m[2].matchAll(FLAG)) {
      const child = f[1].replace(/_/g, ' ');
      const start = bodyStart + f.index + f[0].length - f[2].length;
      const phrases = [`${child} ${noun}`];
      if (child.length >= MIN_ALONE) phrases.push(child);
      fields.push({ key: `${m[1]}.${f[1]}`, value: valueOf(f[2]), written: f[2], part, start, end: start + f[2].length, phrases });
    }
  }
  return fields;
}
