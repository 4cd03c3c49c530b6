/**
 * `changed-version`: a version (`v1.2.3`, `react@18.2.0`, `Node 20`,
 * `Python 3.11`) the context gave, changed to a nearby one the session
 * never mentions. Not in code the answer writes.
 */
import { codeBlocks, inRanges } from '../answerText';
import { SiteList, type PlantGenerator } from '../generator';
import { firstOk } from '../variants';

/** Three-part versions standing alone: not inside an address (`127.0.0.1`) or a longer dotted run. */
const SEMVER = /(?<![\w.\-])v?(\d{1,4}\.\d{1,4}\.\d{1,4})(?![\w\-]|\.\d)/g;
/** A package pinned with `@`: `react@18.2`, `lodash@^4.17.21`. */
const PINNED = /[\w\-]@[\^~]?(\d{1,4}(?:\.\d{1,4}){0,2})(?![\w]|\.\d)/g;
/** A runtime, tool or framework with its version: `Node 20`, `Python 3.11`, `version 2.1`. */
const NAMED =
  /\b(Node(?:\.js)?|Python|Bun|Deno|Rust|Go|Java|Ruby|PHP|TypeScript|React|Vue|Angular|Next\.js|Django|Flask|FastAPI|PostgreSQL|Postgres|Ubuntu|Debian|Electron|Vite|Webpack|ESLint|Jest|Vitest|pytest|Pydantic|Kotlin|Swift|Gradle|Tailwind|Claude Code|[Vv]ersion) v?(\d{1,4}(?:\.\d{1,4}){0,2})(?![\w]|\.\d)/g;

/** Nearby versions: the last part moved by one to three, or the part before it moved by one. */
export function versionVariants(version: string): string[] {
  const parts = version.split('.').map(Number);
  const out: string[] = [];
  const last = parts.length - 1;
  for (const d of [1, 2, 3, -1]) {
    const p = [...parts];
    p[last] += d;
    if (p[last] >= 0) out.push(p.join('.'));
  }
  if (last > 0) {
    const p = [...parts];
    p[last - 1] += 1;
    p[last] = 0;
    out.push(p.join('.'));
  }
  return out;
}

export const changedVersion: PlantGenerator = {
  kind: 'changed-version',
  sites(text, session, rand) {
    const list = new SiteList();
    const seen = new Set<number>();
    // A version in code the answer writes (a manifest's new content, an edit) is that code's pin, not a claim about the session.
    const code = codeBlocks(text);
    const consider = (version: string, at: number, absentAs: (v: string) => string) => {
      if (seen.has(at) || inRanges(code, at)) return;
      seen.add(at);
      if (Number(version.split('.')[0]) > 999 || !list.match(version) || !session.inContext(version)) return;
      list.add(
        at,
        at + version.length,
        firstOk(versionVariants(version), rand, (v) => session.absent(absentAs(v), true)),
      );
    };
    for (const m of text.matchAll(SEMVER)) consider(m[1], m.index + m[0].length - m[1].length, (v) => v);
    for (const m of text.matchAll(PINNED)) consider(m[1], m.index + m[0].length - m[1].length, (v) => `@${v}`);
    for (const m of text.matchAll(NAMED)) {
      const name = m[1];
      // `TypeScript 52.3%` is a language's share of the code, not its version.
      if (text[m.index + m[0].length] === '%') continue;
      // A bare major (`Node 20`) is checked with its name: the digits alone occur everywhere.
      consider(m[2], m.index + m[0].length - m[2].length, (v) => (v.includes('.') && v.split('.').length === 3 ? v : `${name} ${v}`));
    }
    return list.result();
  },
};
