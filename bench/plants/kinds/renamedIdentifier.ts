/**
 * `renamed-identifier`: a function, method or class name the answer quotes
 * in backticks (`reconcile()`, `Parser.parseConfig`) or calls in prose
 * (`reconcile()`), renamed to a plausible name the session never mentions.
 * Names in fenced blocks are left to `code-block-token`.
 */
import { deniedBefore, fencedBlocks, inRanges } from '../answerText';
import { SiteList, type PlantGenerator } from '../generator';
import { firstOk, identifierVariants } from '../variants';

const BACKTICKED = /`([^`\n]{1,120})`/g;
/** A possibly qualified name, optionally called: `a.b`, `A::b`, `A#b`, `b(x, y)`. */
const QUALIFIED = /^(?:[A-Za-z_$][\w$]*(?:\.|::|#))*([A-Za-z_$][\w$]*)(\([^()]*\))?$/;
const CALLED = /(?<![\w$.`])([A-Za-z_$][\w$]*)\(/g;
/** A plural written after a word (`action(s)`, `Location(s)`): a word, not a call. */
const PLURAL = /^\((?:e?s)\)/;

/** Shaped like a name a program defines, not a word: camelCase, snake_case, PascalCase with two humps, or called. */
export function looksLikeName(name: string, called: boolean): boolean {
  if (name.length < 4 || /^[A-Z0-9_$]+$/.test(name)) return false;
  if (called) return true;
  return /[a-z0-9][A-Z]/.test(name) || /[A-Za-z0-9]_[A-Za-z0-9]/.test(name);
}

export const renamedIdentifier: PlantGenerator = {
  kind: 'renamed-identifier',
  sites(text, session, rand) {
    const list = new SiteList();
    const blocks = fencedBlocks(text);
    const consider = (name: string, at: number, called: boolean) => {
      if (inRanges(blocks, at) || deniedBefore(text, at) || !looksLikeName(name, called) || !list.match(name)) return;
      if (!session.inContext(name)) return;
      list.add(
        at,
        at + name.length,
        firstOk(identifierVariants(name), rand, (v) => session.absent(v, true)),
      );
    };
    for (const m of text.matchAll(BACKTICKED)) {
      const q = QUALIFIED.exec(m[1]);
      if (!q) continue;
      const name = q[1];
      const inner = m.index + 1;
      // The name is the last component: its offset is where the call's parentheses (if any) begin, less its length.
      const nameEnd = inner + m[1].length - (q[2]?.length ?? 0);
      consider(name, nameEnd - name.length, q[2] !== undefined && !PLURAL.test(q[2]));
    }
    for (const m of text.matchAll(CALLED)) {
      // Inside backticks already seen above.
      if (m.index > 0 && text[m.index - 1] === '`') continue;
      const called = !PLURAL.test(text.slice(m.index + m[1].length, m.index + m[1].length + 5));
      consider(m[1], m.index, called);
    }
    return list.result();
  },
};
