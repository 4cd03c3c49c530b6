/**
 * `code-block-token`: a name or number inside a fenced code or log block of
 * the answer, one the context gave, changed to one the session never
 * mentions: a renamed variable in a quoted snippet, a changed value in a
 * pasted log. Names count when shaped like a program's (camelCase,
 * snake_case, two-humped PascalCase, or called), not plain words.
 *
 * Quoted means the line holding the token is a line the context showed (a
 * file read, a command's output, an edit the agent made): a token changed in
 * code the answer proposes (a new migration, a command for the reader to
 * run, a file it writes in full) or in a report it lays out itself is new
 * code or the agent's own wording, not a misquote of what it saw. So are a
 * search-and-replace edit's replacement and a block titled with a file name
 * alone (on the line before it, or after its language: ```` ```py:app/x.py ````),
 * which is the file as the turn writes it, whatever lines it keeps.
 */
import { fencedBlocks } from '../answerText';
import { SiteList, type PlantGenerator } from '../generator';
import type { SessionText } from '../sessionText';
import { looksLikeName } from './renamedIdentifier';
import { firstOk, identifierVariants, nearbyNumbers } from '../variants';

const TOKEN = /(?<![\w$])(?:([A-Za-z_$][\w$]{3,})|(\d{2,6}))(?![\w$]|\.\d)/g;

/** Keywords and words of the languages and logs blocks hold: renaming them breaks the block instead of changing a value. */
const KEYWORDS = new Set(
  (
    'function return const import export from default class interface extends implements async await yield this self super ' +
    'true false null None True False undefined void type string number boolean object static public private protected ' +
    'while break continue switch case else elif then with pass print lambda def struct impl enum match trait where ' +
    'SEARCH REPLACE diff index echo done test tests passed failed error warning info debug todo from into usize isize ' +
    'char bool some none typeof instanceof delete throw catch finally package module require local global nonlocal'
  ).split(' '),
);

/** Shortest line (trimmed) whose presence in the context says the block quotes it. */
const MIN_LINE = 12;

/** Whether the line holding `at` is, trimmed, a line the context showed. */
function quotedLine(text: string, at: number, session: SessionText): boolean {
  const nl = text.indexOf('\n', at);
  const line = text.slice(text.lastIndexOf('\n', at - 1) + 1, nl === -1 ? text.length : nl).trim();
  return line.length >= MIN_LINE && session.inContext(line);
}

/** Whether the block whose body starts at `from` is titled with a file name alone: the file the turn writes. */
function writesFile(text: string, from: number): boolean {
  const fenceStart = text.lastIndexOf('\n', from - 2) + 1;
  if (/^ {0,3}(?:`{3,}|~{3,})[\w+#-]*:\S/.test(text.slice(fenceStart, from))) return true;
  if (fenceStart === 0) return false;
  const title = text
    .slice(text.lastIndexOf('\n', fenceStart - 2) + 1, fenceStart - 1)
    .replace(/[`*:]/g, '')
    .trim();
  return /^[\w.\\/-]*[\w-]\.[A-Za-z]\w{0,5}$/.test(title);
}

/** Ranges of a block body that are a search-and-replace edit's replacements, from the divider to the closing marker. */
function replacementSides(body: string): [number, number][] {
  const out: [number, number][] = [];
  if (!/^<{7}/m.test(body)) return out;
  let open: number | undefined;
  for (const m of body.matchAll(/^(?:={7}|>{7}).*$/gm)) {
    if (m[0].startsWith('=')) open ??= m.index;
    else if (open !== undefined) {
      out.push([open, m.index]);
      open = undefined;
    }
  }
  if (open !== undefined) out.push([open, body.length]);
  return out;
}

export const codeBlockToken: PlantGenerator = {
  kind: 'code-block-token',
  sites(text, session, rand) {
    const list = new SiteList();
    for (const [from, to] of fencedBlocks(text)) {
      const body = text.slice(from, to);
      const replacements = replacementSides(body);
      // An edit is titled with its file too, and its search side still copies the file.
      if (replacements.length === 0 && writesFile(text, from)) continue;
      for (const m of body.matchAll(TOKEN)) {
        const token = m[0];
        const at = from + m.index;
        if (replacements.some(([s, e]) => m.index >= s && m.index < e) || !quotedLine(text, at, session)) continue;
        // A plain word in a comment or a log line is prose: only names shaped like a program's, or called.
        if (m[1] !== undefined && !looksLikeName(token, text[at + token.length] === '(')) continue;
        if (KEYWORDS.has(token) || KEYWORDS.has(token.toLowerCase()) || !list.match(token) || !session.inContext(token)) continue;
        if (m[1] !== undefined) {
          list.add(
            at,
            at + token.length,
            firstOk(identifierVariants(token), rand, (v) => session.absent(v, true)),
          );
        } else {
          const other = firstOk(nearbyNumbers(Number(token), { min: 10 }), rand, (v) => session.numberAbsent(String(v)));
          list.add(at, at + token.length, other === undefined ? undefined : String(other));
        }
      }
    }
    return list.result();
  },
};
