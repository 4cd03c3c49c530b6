/**
 * The text of `.groundcheck/ignore.json`: read as JSON with comments, and
 * added to by editing that text in place, so the comments, order and
 * formatting of a hand-edited store survive every rule the editor adds. A
 * store that cannot be read says where, and is never written over.
 */
import {
  applyEdits,
  createScanner,
  findNodeAtLocation,
  getNodeValue,
  modify,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
  SyntaxKind,
} from 'jsonc-parser';
import { LineIndex } from '../transcript/offsets/lineIndex';
import { jsoncNestingExceededAt, MAX_JSON_DEPTH } from '../transcript/json/jsonDepth';
import { emptyIgnoreStore, hasRule, type IgnoreRule, type IgnoreStore, isEntityType } from './ignores';

/** Why a store's text cannot be used, and where in it. */
export interface IgnoreStoreProblem {
  message: string;
  offset: number;
}

export interface ParsedIgnoreStore {
  /** The rules the text holds (all of them, or none when there is a problem). */
  store: IgnoreStore;
  problem?: IgnoreStoreProblem;
}

const JSONC = { allowTrailingComma: true, disallowComments: false } as const;

/** What a new store holds before its first rule. */
const NEW_STORE = '{\n  "version": 1,\n  "occurrences": [],\n  "values": [],\n  "types": []\n}\n';

/**
 * Reads a store. Unknown or malformed entries are dropped rather than failing
 * the whole file: a hand-edited typo in one rule must not un-ignore the rest.
 * Text that is not JSON (with comments) at all is a problem, located.
 */
export function parseIgnoreStore(text: string): ParsedIgnoreStore {
  const read = readTree(text);
  if ('problem' in read) return { store: emptyIgnoreStore(), problem: read.problem };
  const store = emptyIgnoreStore();
  if (!read.root) return { store };
  for (const entry of items(read.root, 'occurrences')) {
    const key = stringMember(entry, 'key');
    const type = stringMember(entry, 'type');
    if (key !== undefined && isEntityType(type)) store.occurrences.push({ key, type, text: stringMember(entry, 'text') ?? '' });
  }
  for (const entry of items(read.root, 'values')) {
    const value = stringMember(entry, 'value');
    const type = stringMember(entry, 'type');
    if (value !== undefined && isEntityType(type)) store.values.push({ type, value });
  }
  for (const entry of items(read.root, 'types')) {
    const type = entry.type === 'string' ? (entry.value as string) : undefined;
    if (isEntityType(type) && !store.types.includes(type)) store.types.push(type);
  }
  return { store };
}

/**
 * The store's text with `rule` added at the end of its list, everything else
 * as it was; the text itself when the rule is there already. A problem when
 * the text cannot be read or its list is not a list: then nothing may be written.
 */
export function addIgnoreRule(text: string, rule: IgnoreRule): { text: string } | { problem: IgnoreStoreProblem } {
  const read = readTree(text);
  if ('problem' in read) return { problem: read.problem };
  if (read.root && hasRule(parseIgnoreStore(text).store, rule)) return { text };
  // No value yet (an empty file, or one with only comments): the new store goes after what is there.
  const base = read.root ? text : text.trim() === '' ? NEW_STORE : `${text}${text.endsWith('\n') ? '' : '\n'}${NEW_STORE}`;
  const root = read.root ?? parseTree(base, [], JSONC)!;
  const list = LISTS[rule.scope];
  const existing = findNodeAtLocation(root, [list]);
  if (existing && existing.type !== 'array') return { problem: { message: `"${list}" is not a list`, offset: existing.offset } };
  const edits = modify(base, [list, -1], ruleValue(rule), { formattingOptions: formattingOf(base) });
  return { text: applyEdits(base, edits) };
}

/** `line:col: message` (both 1-based) for a problem in `text`, to follow the file's name. */
export function locateProblem(text: string, problem: IgnoreStoreProblem): string {
  const at = new LineIndex(text).position(problem.offset);
  return `${at.line + 1}:${at.character + 1}: ${problem.message}`;
}

const LISTS = { occurrence: 'occurrences', value: 'values', type: 'types' } as const;

function ruleValue(rule: IgnoreRule): unknown {
  if (rule.scope === 'type') return rule.type;
  if (rule.scope === 'value') return { type: rule.type, value: rule.value };
  return { key: rule.key, type: rule.type, text: rule.text };
}

/** The parse tree's root (undefined when the text holds no value), or the first reason it cannot be read. */
function readTree(text: string): { root: Node | undefined } | { problem: IgnoreStoreProblem } {
  // The tree builder recurses once per level: past the cap it would overflow the stack.
  const deep = jsoncNestingExceededAt(text);
  if (deep !== -1) return { problem: { message: `nests JSON more than ${MAX_JSON_DEPTH} levels deep (the nesting limit)`, offset: deep } };
  if (holdsNoValue(text)) return { root: undefined };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, JSONC);
  // Later errors mostly follow from the first; one located line says what to fix.
  if (errors.length > 0) return { problem: { message: `invalid JSON: ${printParseErrorCode(errors[0].error)}`, offset: errors[0].offset } };
  if (root && root.type !== 'object') return { problem: { message: 'expected an object with "occurrences", "values" and "types"', offset: root.offset } };
  return { root };
}

/** Only blanks and comments: a store not started yet, not a broken one. */
function holdsNoValue(text: string): boolean {
  const scanner = createScanner(text, true);
  return scanner.scan() === SyntaxKind.EOF;
}

function items(root: Node, list: string): Node[] {
  const node = findNodeAtLocation(root, [list]);
  return node?.type === 'array' ? (node.children ?? []) : [];
}

function stringMember(entry: Node, name: string): string | undefined {
  if (entry.type !== 'object') return undefined;
  const node = findNodeAtLocation(entry, [name]);
  return node?.type === 'string' ? (getNodeValue(node) as string) : undefined;
}

/** Indent new rules as the file already is: tabs, or its first indent's width of spaces. */
function formattingOf(text: string): { insertSpaces: boolean; tabSize: number; eol: string } {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  return indent.startsWith('\t') ? { insertSpaces: false, tabSize: 1, eol } : { insertSpaces: true, tabSize: indent.length, eol };
}
