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
 * which is the file as the turn writes it, whatever lines it keeps, and a
 * block the sentence introducing it proposes ("Run this:", "Add this to your
 * config:", "Your file needs to be:"): a command or new code that copies
 * lines the session showed is still no report of them.
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

/**
 * What the sentence introducing a block says when the block is code the
 * answer proposes rather than code it saw: an instruction to the reader or
 * its own intent to write or run ("Run this in your terminal:", "Add this to
 * your config:", "2. Create a new file `x.py` with:", "Let me implement it
 * in `Ship.cs`:", "Your file needs to be:", "Here's the corrected
 * version:", "Option 1:"). An imperative counts where a clause starts, a
 * modal only as what the block should be ("It should look like this:"),
 * an intent only to write or run ("Let me check `x.py`:" introduces a quote).
 */
const IMPERATIVE =
  /(?:^|[:;,]\s+|—\s*)(?:then\s+|please\s+|now\s+|first,?\s+)?(?:run|add|create|update|replace|change|copy|paste|install|apply|modify|implement|insert|remove|delete|rewrite|try|use|set|put|ensure|make sure|fix|switch|wrap|move|rename)\b/i;
const INTENT =
  /\b(?:you (?:should|could|can|need to|must|will need to|might want to)|(?:let me|let's|let us|I'll|I will|I'm going to|we'll|we will)\s+(?:now\s+|first\s+|also\s+|just\s+)?(?:create|implement|write|add|update|modify|fix|provide|run|execute|make|change|rewrite|replace|apply|use|set|put|insert|remove|delete|wrap|move|rename|refactor|define|mark)\b|here(?:'s| is| are) the (?:corrected|updated|new|fixed|modified|revised)|(?:changes|fixes) (?:needed|to make)|the following changes|as follows|instead|option \d|to (?:run|copy|paste|apply|add|install|use) )/i;
/** A modal that says what the block should be, ending the sentence: "The line should be:", "It should look something like this:". */
const SHOULD_BE = /\b(?:should|would|could|needs? to|must)\s+(?:be|look|read)\b[^.!?]{0,30}:?$|\blike this:?$/i;

/** The last sentence of the last line with anything on it before the fence line that opens the block whose body starts at `from`, emphasis and list markers dropped. */
function leadIn(text: string, from: number): string {
  const fenceStart = text.lastIndexOf('\n', from - 2) + 1;
  const before = text.slice(Math.max(0, fenceStart - 600), fenceStart).trimEnd();
  const line = before.slice(before.lastIndexOf('\n') + 1).trim();
  // A block right after another block or an edit's marker has no line of its own introducing it.
  if (/^(?:`{3,}|~{3,}|<{7}|={7}|>{7})/.test(line)) return '';
  const plain = line
    .replace(/^(?:>\s*)+/, '')
    .replace(/[*_#]+/g, '')
    .replace(/^\s*(?:[-+]|\d+[.)])\s*/, '')
    .trim();
  const sentences = plain.split(/(?<=[.!?])\s+(?=[A-Z])/);
  return sentences[sentences.length - 1];
}

/** Whether the sentence introducing the block proposes it: the block is new code or a command, not a quote. */
function proposedBlock(text: string, from: number): boolean {
  const lead = leadIn(text, from);
  return IMPERATIVE.test(lead) || INTENT.test(lead) || SHOULD_BE.test(lead);
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
      // An edit is titled with its file too, and proposed, and its search side still copies the file.
      if (replacements.length === 0 && (writesFile(text, from) || proposedBlock(text, from))) continue;
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
