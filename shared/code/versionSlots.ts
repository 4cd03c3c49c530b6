/**
 * Versions and ports are slots: "Next.js 14" claims the slot `next`'s
 * version, which the context fills with `next@15.5.2` or `"next": "^15.5.2"`;
 * "Node 18" the slot `node`, which `node -v` filled with `v20.11.0`; "port
 * 3000" the slot `port`, which `PORT=3001` filled. A claim that agrees with
 * the context's value (14 with 14.2.3) is grounded by it; one that does not
 * is contradicted, with the context's value, written with as many parts as
 * the claim, as its fix.
 *
 * Each claim costs a lookup of each spelling of the name, and of its
 * `name@`-style keys where the name occurs; nothing scans the context.
 */
import type { ContextMatch, Entity, ExtractedEntity } from '../classifier/types';
import type { FindOptions } from '../lookup/contextIndex';
import type { ContextLookup } from '../lookup/contextLookup';
import type { CodeSession } from './codeVerdicts';

/** How a context writes a name's version right after the name. */
const VERSION_KEYS = ['@', '": "', '":"', '": "^', '": "~', '":"^', '":"~', '==', ' v', ' version ', '/v', ': '];
/** How a context writes a port. */
const PORT_KEYS = ['port=', 'port: ', 'port:', '"port": ', 'port ', '--port ', '--port=', 'localhost:', '127.0.0.1:', '0.0.0.0:'];
/** Matches read per key. */
const CANDIDATES = 50;
/** Words before a number that name a position or a count, not a product with a version. */
const NOT_PRODUCTS = new Set([
  'line', 'lines', 'step', 'phase', 'page', 'chapter', 'section', 'item', 'items', 'issue', 'pr', 'version', 'v', 'and',
  'or', 'to', 'of', 'in', 'on', 'at', 'the', 'a', 'an', 'from', 'with', 'by', 'for', 'is', 'was', 'are', 'were', 'be',
  'about', 'over', 'under', 'than', 'only', 'all', 'top', 'last', 'first', 'next', 'option', 'stage', 'level', 'row',
  'column', 'col', 'test', 'tests', 'case', 'part', 'figure', 'table', 'round', 'day', 'week', 'month', 'year', 'q',
]);

export function versionVerdicts(
  output: string,
  extracted: readonly ExtractedEntity[],
  entities: Entity[],
  index: ContextLookup,
  find: FindOptions,
  session: CodeSession | undefined,
): void {
  entities.forEach((entity, i) => {
    if (entity.type !== 'number' || extracted[i].code || entity.status === 'contradicted') return;
    const claim = slotClaim(output, entity.span[0]);
    if (!claim) return;
    const values = claim.slot === 'port' ? portValues(index, find) : [...versionValues(claim.slot, index, find), ...printedVersions(claim.slot, session)];
    if (values.length === 0) return;
    const agreeing = values.find((v) => agrees(claim.value, v.value));
    entity.settled = true;
    if (agreeing) {
      entity.found = true;
      entity.status = 'grounded';
      entity.matches = [agreeing.match];
      entity.locations = [[agreeing.match.start, agreeing.match.end]];
      return;
    }
    if (claim.slot === 'port' && new Set(values.map((v) => v.value)).size > 1) return;
    const other = values[values.length - 1];
    const replacement = truncated(other.value, claim.value);
    const at = entity.text.indexOf(claim.value);
    if (at === -1) return;
    entity.found = false;
    entity.matches = [];
    entity.locations = [];
    entity.status = 'contradicted';
    entity.contradiction = { value: entity.text.slice(0, at) + replacement + entity.text.slice(at + claim.value.length), match: other.match, slot: claim.display };
    entity.detail = `the context gives ${claim.display} ${other.value}`;
  });
}

interface SlotClaim {
  /** Normalized slot name (`next`, `node`, `port`). */
  slot: string;
  /** How the output names it. */
  display: string;
  /** The claimed value as written (`14`, `3.11`). */
  value: string;
}

/** The product or `port` named just before a number at `start` (`Next.js 14`, `Node v18`, `port 3000`). */
function slotClaim(output: string, start: number): SlotClaim | undefined {
  const before = output.slice(Math.max(0, start - 40), start);
  const display = nameBefore(before);
  if (display === undefined) return undefined;
  const value = /^\d+(?:\.\d+){0,3}/.exec(output.slice(start, start + 24))?.[0];
  if (!value) return undefined;
  const lower = display.toLowerCase();
  if (lower === 'port') return { slot: 'port', display, value };
  if (NOT_PRODUCTS.has(lower)) return undefined;
  // A product is a capitalised name or a package name (`Next.js`, `Node`, `react`), not a plain word.
  if (!/^[A-Z]/.test(display) && !/[.@/-]/.test(display) && !output.slice(Math.max(0, start - 42), start).includes('`')) return undefined;
  return { slot: slotName(lower), display, value };
}

/**
 * The name a number follows: `Next.js 14`, `Node v18`, ``react` 18``,
 * `next@15`. What `/([A-Za-z][\w.+-]*[A-Za-z0-9+])`?\s+v?$/` or else
 * `/…@$/` would capture, read backwards from the end: every number of an
 * output asks, and the regex tries each of the 40 start positions.
 */
function nameBefore(before: string): string | undefined {
  let e = before.length;
  if (before[e - 1] === '@') return nameEndingAt(before, e - 1);
  if (before[e - 1] === 'v') e--;
  const spaced = e;
  while (e > 0 && /\s/.test(before[e - 1])) e--;
  if (e === spaced) return undefined;
  if (before[e - 1] === '`') e--;
  return nameEndingAt(before, e);
}

/** The longest `[A-Za-z][\w.+-]*[A-Za-z0-9+]` ending just before `end`. */
function nameEndingAt(text: string, end: number): string | undefined {
  if (end < 2 || !/[A-Za-z0-9+]/.test(text[end - 1])) return undefined;
  let k = end - 1;
  while (k > 0 && /[\w.+-]/.test(text[k - 1])) k--;
  for (let i = k; i <= end - 2; i++) if (/[A-Za-z]/.test(text[i])) return text.slice(i, end);
  return undefined;
}

/** `Next.js` → `next`, `Node.js` → `node`, `nodejs` → `node`. */
function slotName(lower: string): string {
  return lower.replace(/\.?js$/, '') || lower;
}

interface SlotValue {
  value: string;
  match: ContextMatch;
}

/** Versions the context gives for `slot`, in context order. */
function versionValues(slot: string, index: ContextLookup, find: FindOptions): SlotValue[] {
  const out: SlotValue[] = [];
  for (const name of slot === 'node' ? ['node', 'node.js', 'nodejs'] : [slot, `${slot}.js`, `${slot}js`]) {
    // Every key is looked up after the name: a context that never names it holds none of them.
    if (index.find(name, { ...find, limit: 1 }).length === 0) continue;
    for (const key of VERSION_KEYS) {
      for (const m of index.find(`${name}${key}`, { ...find, limit: CANDIDATES })) {
        const text = index.partText(m.part);
        // `@types/node@20`: the name must start its token.
        if (m.start > 0 && /[\w@/.-]/.test(text[m.start - 1])) continue;
        const v = /^v?(\d+(?:\.\d+){0,3})/.exec(text.slice(m.end, m.end + 24));
        if (!v) continue;
        const start = m.end + v[0].length - v[1].length;
        out.push({ value: v[1], match: { part: m.part, start, end: start + v[1].length } });
      }
    }
  }
  return out.sort((a, b) => a.match.part - b.match.part || a.match.start - b.match.start);
}

/** What `node -v` and the like printed, for the slot they name. */
function printedVersions(slot: string, session: CodeSession | undefined): SlotValue[] {
  if (!session) return [];
  const out: SlotValue[] = [];
  for (const v of session.view.versions(slot)) {
    const part = session.partOf(v.segment);
    if (part !== -1) out.push({ value: v.value, match: { part, start: v.start, end: v.end } });
  }
  return out;
}

/** Ports the context gives (`PORT=3001`, `--port 3001`, `localhost:3001`). */
function portValues(index: ContextLookup, find: FindOptions): SlotValue[] {
  const out: SlotValue[] = [];
  for (const key of PORT_KEYS) {
    for (const m of index.find(key, { ...find, limit: CANDIDATES })) {
      const text = index.partText(m.part);
      if (key.startsWith('port') && m.start > 0 && /[A-Za-z]/.test(text[m.start - 1]) && text[m.start - 1] !== '_') continue;
      const v = /^(\d{2,5})(?!\d)/.exec(text.slice(m.end, m.end + 8));
      if (v) out.push({ value: v[1], match: { part: m.part, start: m.end, end: m.end + v[1].length } });
    }
  }
  return out.sort((a, b) => a.match.part - b.match.part || a.match.start - b.match.start);
}

/** `14` agrees with `14.2.3`; `3.11` with `3.11.4`; `3.1` not with `3.11`. */
function agrees(claimed: string, given: string): boolean {
  const c = claimed.split('.');
  const g = given.split('.');
  return c.length <= g.length ? c.every((p, i) => Number(p) === Number(g[i])) : g.every((p, i) => Number(p) === Number(c[i]));
}

/** `15.5.2` written like `14` is `15`; like `3.11` it is `15.5`. */
function truncated(given: string, like: string): string {
  return given.split('.').slice(0, like.split('.').length).join('.');
}
