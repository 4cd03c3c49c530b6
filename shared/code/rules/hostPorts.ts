/**
 * Ports in addresses: "the API is at `http://localhost:8082`" claims the
 * port of the address's host, as "port 8082" claims the port slot
 * (versionSlots.ts). The context fills that host's port with
 * `localhost:8080`, `PORT=8080` or `--port 8080` (any loopback spelling
 * for the local machine), or with `31.97.103.71:3002` for another host.
 *
 * A port is judged only when the rule can tell which one the context gives:
 * the context writes exactly one port for that host in addresses of the
 * claim's kind (a web address is not a database's `postgres://…:5432`), and
 * nowhere writes the claimed number as a number of its own (a table of
 * services, a second server's port). Then a claim of another port is
 * contradicted, with the context's port as its fix. An address the context
 * holds as written, or one in a question, plan or code block, is not
 * judged.
 */
import { ruleEntity } from '../../classifier/ruleEntity';
import type { ContextMatch, Entity, Range } from '../../classifier/types';
import type { FindOptions } from '../../lookup/contextIndex';
import type { ContextLookup } from '../../lookup/contextLookup';
import { type OutputSentence, sentenceIndexAt } from '../../refine/claims';
import { CodeLines } from '../../refine/rules/codeLines';

/** Names of the local machine: a port written after any of them is the same machine's. */
const LOOPBACK = ['localhost', '127.0.0.1', '0.0.0.0'];
/** How a context sets the local machine's port without an address. */
const PORT_SETTINGS = ['PORT=', 'port=', 'port: ', '"port": ', '--port ', '--port='];
/** Matches read per key. */
const CANDIDATES = 50;
/** Context matches examined when asking whether the claimed port is written anywhere as a number. */
const EXAMINED = 2000;
/** Schemes of web addresses: a service answering on any of them is one kind of thing. */
const WEB = new Set(['http', 'https', 'ws', 'wss']);

/** A port written in the output after a host it belongs to. */
interface PortInAddress {
  host: string;
  /** The scheme of the address, lower case, when it has one (`http`, `postgres`). */
  scheme?: string;
  port: string;
  span: Range;
  /** Where the address starts: its scheme, or its host when it has none. */
  start: number;
}

/** A port the context writes for the claim's host, with the scheme of its address when it has one. */
interface GivenPort {
  value: string;
  scheme?: string;
  match: ContextMatch;
}

/**
 * Contradicts the ports of addresses in the output's claim sentences that
 * the context gives otherwise. A claim inside an entity not yet judged (a
 * URL, inline code) is judged on that entity, its fix the entity with the
 * context's port; one inside no entity becomes an entity of its own, the
 * port's digits. Returns the new entities.
 */
export function hostPortClaims(output: string, sentences: readonly OutputSentence[], entities: Entity[], index: ContextLookup, find: FindOptions): Entity[] {
  const out: Entity[] = [];
  const known = new Map<string, GivenPort[]>();
  const codeLines = new CodeLines(output);
  for (const claim of portsInAddresses(output)) {
    const sentence = sentenceIndexAt(sentences, claim.span[0]);
    // A line of code in prose (an unfenced file's content) holds the code's own address.
    if (sentence === undefined || sentences[sentence].kind !== 'claim' || codeLines.holds(claim.span[0], claim.span[1])) continue;
    const covering = entities.find((e) => occurrenceAt(e, claim.span) !== undefined);
    // An entity found or already judged is left as it is.
    if (covering && (covering.status !== 'unverified' || covering.settled)) continue;
    const key = isLoopback(claim.host) ? 'localhost' : claim.host;
    let given = known.get(key);
    if (!given) known.set(key, (given = givenPorts(claim.host, index, find)));
    const same = given.filter((g) => sameKind(claim.scheme, g.scheme));
    if (same.length === 0 || same.some((g) => g.value === claim.port) || writtenAsNumber(claim.port, index, find)) continue;
    const values = [...new Set(same.map((g) => g.value))];
    // Of several ports, none named: a setting the turn writes (`devUrl=http://localhost:4200`) may be one it proposes.
    if (values.length > 1 && assignedAt(output, claim.start)) continue;
    // One port for that host, in addresses of the claim's kind, is the port the claim names; of several, the rule cannot tell which, but the claimed one is none of them.
    const other = values.length === 1 ? same[same.length - 1] : undefined;
    const at = covering ? occurrenceAt(covering, claim.span)! : claim.span;
    const offset = claim.span[0] - at[0];
    const entity = covering ?? ruleEntity(claim.port, 'number', claim.span, 'host-ports');
    if (entity.text.slice(offset, offset + claim.port.length) !== claim.port) continue;
    if (other) {
      const fix = entity.text.slice(0, offset) + other.value + entity.text.slice(offset + claim.port.length);
      contradict(entity, fix, other.match, `the context gives ${claim.host}:${other.value}`);
    } else {
      unverified(entity, `the context gives ${claim.host} the ports ${values.join(', ')}, never ${claim.port}`);
    }
    if (!covering) out.push(entity);
  }
  return out;
}

function unverified(entity: Entity, detail: string): void {
  entity.settled = true;
  entity.found = false;
  entity.status = 'unverified';
  entity.matches = [];
  entity.locations = [];
  entity.rule = 'host-ports';
  entity.detail = detail;
}

function contradict(entity: Entity, value: string, match: ContextMatch, detail: string): void {
  entity.settled = true;
  entity.found = false;
  entity.status = 'contradicted';
  entity.matches = [];
  entity.locations = [];
  entity.rule = 'host-ports';
  entity.contradiction = { value, match, slot: 'port' };
  entity.detail = detail;
}

/** Whether the address starting at `start` is the value of a `key=` written right before it. */
function assignedAt(output: string, start: number): boolean {
  let k = start;
  while (k > 0 && start - k < 3 && /['"]/.test(output[k - 1])) k--;
  return output[k - 1] === '=' && /[\w\]]/.test(output[k - 2] ?? '');
}

/** The occurrence of `entity` that holds `span`, if any. */
function occurrenceAt(entity: Entity, span: Range): Range | undefined {
  return entity.occurrences.find((o) => o[0] <= span[0] && o[1] >= span[1]);
}

function isLoopback(host: string): boolean {
  return LOOPBACK.includes(host.toLowerCase());
}

/**
 * Every `host:port` of the output whose host is an address: a loopback
 * name, an IPv4 address, or any host after `scheme://` (a bare
 * `name.ts:120` is a file's line, not a port).
 */
export function portsInAddresses(text: string): PortInAddress[] {
  const out: PortInAddress[] = [];
  // Linear: a colon and at most five digits, each tried once; the host is read backwards from the colon.
  const ports = /:(\d{2,5})(?![\w:-]|\.\w)/g;
  for (let m = ports.exec(text); m; m = ports.exec(text)) {
    const colon = m.index;
    let s = colon;
    while (s > 0 && colon - s < 253 && /[A-Za-z0-9.-]/.test(text[s - 1])) s--;
    const host = text.slice(s, colon);
    if (host === '' || Number(m[1]) > 65535) continue;
    const at = schemeAt(text, s);
    const scheme = at?.scheme;
    if (!isLoopback(host) && !/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) && scheme === undefined) continue;
    out.push({ host, port: m[1], span: [colon + 1, colon + 1 + m[1].length], start: at?.start ?? s, ...(scheme ? { scheme } : {}) });
  }
  return out;
}

/** The scheme of an address whose host starts at `hostStart`: `http://host`, `postgres://user:pw@host`. */
function schemeBefore(text: string, hostStart: number): string | undefined {
  return schemeAt(text, hostStart)?.scheme;
}

/** The scheme of an address whose host starts at `hostStart`, and where the scheme starts. */
function schemeAt(text: string, hostStart: number): { scheme: string; start: number } | undefined {
  let e = hostStart;
  if (text[e - 1] === '@') {
    // Credentials run back to `//`, within one token.
    let k = e - 1;
    while (k > 0 && hostStart - k < 200 && !/[\s/`'"]/.test(text[k - 1])) k--;
    e = k;
  }
  if (text.slice(e - 3, e) !== '://') return undefined;
  let s = e - 3;
  while (s > 0 && e - 3 - s < 12 && /[A-Za-z0-9+]/.test(text[s - 1])) s--;
  return s < e - 3 ? { scheme: text.slice(s, e - 3).toLowerCase(), start: s } : undefined;
}

/** A web address's port and a database's are ports of different services; an address without a scheme may be either. */
function sameKind(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return a === undefined ? b === undefined || WEB.has(b) : WEB.has(a);
  return a === b || (WEB.has(a) && WEB.has(b)) || a.replace(/ql$/, '') === b.replace(/ql$/, '');
}

/** The ports the context writes for `host`, in context order. */
function givenPorts(host: string, index: ContextLookup, find: FindOptions): GivenPort[] {
  const out: GivenPort[] = [];
  const keys = isLoopback(host) ? [...LOOPBACK.map((h) => `${h}:`), ...PORT_SETTINGS] : [`${host}:`];
  for (const key of keys) {
    for (const m of index.find(key, { ...find, limit: CANDIDATES })) {
      const text = index.partText(m.part);
      // The key must start its token: `my-localhost:` and `SUPPORT=` are other things.
      if (m.start > 0 && /[\w.-]/.test(text[m.start - 1])) continue;
      // The lookup may end the match of a key before its trailing space (`--port `): the space is read here.
      const from = key.endsWith(' ') && text[m.end] === ' ' ? m.end + 1 : m.end;
      const v = /^(\d{2,5})(?!\w|\.\d)/.exec(text.slice(from, from + 7));
      if (!v) continue;
      const scheme = key.endsWith(':') ? schemeBefore(text, m.start) : undefined;
      out.push({ value: v[1], match: { part: m.part, start: from, end: from + v[1].length }, ...(scheme ? { scheme } : {}) });
    }
  }
  return out.sort((a, b) => a.match.part - b.match.part || a.match.start - b.match.start);
}

/**
 * Whether the context writes `digits` as a number of its own anywhere: not
 * inside a longer number, a clock time, a version or an identifier. Such a
 * place may be the port of whatever the claim names, which this rule cannot
 * tell, so the claim is not judged.
 */
export function writtenAsNumber(digits: string, index: ContextLookup, find: FindOptions): boolean {
  const keep = (part: number, start: number, end: number) => standsAsNumber(index.partText(part), start, end);
  return index.findLast(digits, { ...find, limit: 1, examine: EXAMINED, keep }).length > 0;
}

/** No digit, letter, point or clock colon runs on either side of `[start, end)`. */
export function standsAsNumber(text: string, start: number, end: number): boolean {
  const before = text[start - 1] ?? ' ';
  const after = text[end] ?? ' ';
  if (/[A-Za-z0-9_]/.test(before) || /[A-Za-z0-9_]/.test(after)) return false;
  const digitAt = (i: number) => /\d/.test(text[i] ?? '');
  // `1.8080`, `8080.5`, `12:8080`, `8080:30`: parts of a longer number, a version or a time.
  if ((before === '.' || before === ':') && digitAt(start - 2)) return false;
  if ((after === '.' || after === ':') && digitAt(end + 1)) return false;
  return true;
}
