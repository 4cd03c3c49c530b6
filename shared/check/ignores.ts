/**
 * Ignore rules that live outside the transcript, in the workspace file
 * `.groundcheck/ignore.json`, so the editor and the CLI suppress the same
 * findings. Three scopes: one occurrence, one value of a type, a whole type.
 *
 * An occurrence is keyed by a hash of its type, normalized value and the
 * words around it, not by its offset: editing another turn moves offsets but
 * leaves the key alone, while rewording the sentence it sits in retires it.
 */
import { createHash } from 'node:crypto';
import { ENTITY_TYPES, type EntityType } from '../classifier/types';

/** Workspace-relative path of the store. */
export const IGNORE_FILE = '.groundcheck/ignore.json';

export type IgnoreScope = 'occurrence' | 'value' | 'type';

export interface OccurrenceRule {
  key: string;
  type: EntityType;
  /** The value as written, so a person reading the file knows what it hides. */
  text: string;
}

export interface ValueRule {
  type: EntityType;
  /** Normalized form (as `Entity.normalized`). */
  value: string;
}

export interface IgnoreStore {
  version: 1;
  occurrences: OccurrenceRule[];
  values: ValueRule[];
  types: EntityType[];
}

/** What an ignore check needs to know about one occurrence. */
export interface OccurrenceIdentity {
  type: EntityType;
  normalized: string;
  key: string;
}

/** How many word tokens on each side make up an occurrence's neighbourhood. */
const NEIGHBOUR_TOKENS = 3;
/** How far to look for them, so a run of punctuation cannot make the scan long. */
const NEIGHBOUR_REACH = 200;

export function emptyIgnoreStore(): IgnoreStore {
  return { version: 1, occurrences: [], values: [], types: [] };
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(ENTITY_TYPES);

export function isEntityType(v: unknown): v is EntityType {
  return typeof v === 'string' && KNOWN_TYPES.has(v);
}

/** One rule to add, as the editor's quick fixes offer them. */
export type IgnoreRule = ({ scope: 'occurrence' } & OccurrenceRule) | ({ scope: 'value' } & ValueRule) | { scope: 'type'; type: EntityType };

/** Whether `store` has `rule` already (an occurrence by its key, a value by type and value). */
export function hasRule(store: IgnoreStore, rule: IgnoreRule): boolean {
  if (rule.scope === 'type') return store.types.includes(rule.type);
  if (rule.scope === 'value') return store.values.some((r) => r.type === rule.type && r.value === rule.value);
  return store.occurrences.some((r) => r.key === rule.key);
}

/** Fast membership tests over a store, built once per store. */
export class IgnoreMatcher {
  private readonly keys: Set<string>;
  private readonly values: Set<string>;
  private readonly types: Set<EntityType>;

  constructor(store: IgnoreStore) {
    this.keys = new Set(store.occurrences.map((r) => valueKey(r.type, r.key)));
    this.values = new Set(store.values.map((r) => valueKey(r.type, r.value)));
    this.types = new Set(store.types);
  }

  /** The widest scope that hides this occurrence, or undefined. */
  match(o: OccurrenceIdentity): IgnoreScope | undefined {
    if (this.types.has(o.type)) return 'type';
    if (this.values.has(valueKey(o.type, o.normalized))) return 'value';
    if (this.keys.has(valueKey(o.type, o.key))) return 'occurrence';
    return undefined;
  }

  get isEmpty(): boolean {
    return this.keys.size === 0 && this.values.size === 0 && this.types.size === 0;
  }
}

/** Rules are per type: the same text can be ignored as a number and still checked as a date. */
function valueKey(type: EntityType, value: string): string {
  return `${type}\u0000${value}`;
}

/**
 * The stable key of the occurrence at `[start, end)` of `text`: a hash of its
 * type, normalized value, and up to three lower-cased word tokens either side.
 */
export function occurrenceKey(type: EntityType, normalized: string, text: string, start: number, end: number): string {
  const before = tokensBefore(text, start).join(' ');
  const after = tokensAfter(text, end).join(' ');
  return createHash('sha256').update([type, normalized, before, after].join('\u0000')).digest('hex').slice(0, 16);
}

const WORD_UNIT = /[\p{L}\p{N}_]/u;

function isWordAt(text: string, i: number): boolean {
  return WORD_UNIT.test(text[i]);
}

function tokensBefore(text: string, start: number): string[] {
  const out: string[] = [];
  const floor = Math.max(0, start - NEIGHBOUR_REACH);
  let i = start - 1;
  while (out.length < NEIGHBOUR_TOKENS && i >= floor) {
    while (i >= floor && !isWordAt(text, i)) i--;
    const end = i + 1;
    while (i >= floor && isWordAt(text, i)) i--;
    if (end > i + 1) out.unshift(text.slice(i + 1, end).toLowerCase());
  }
  return out;
}

function tokensAfter(text: string, end: number): string[] {
  const out: string[] = [];
  const ceil = Math.min(text.length, end + NEIGHBOUR_REACH);
  let i = end;
  while (out.length < NEIGHBOUR_TOKENS && i < ceil) {
    while (i < ceil && !isWordAt(text, i)) i++;
    const start = i;
    while (i < ceil && isWordAt(text, i)) i++;
    if (i > start) out.push(text.slice(start, i).toLowerCase());
  }
  return out;
}
