/**
 * `changed-error`: an error the context printed, misquoted in the answer:
 * its exception class swapped for another (`KeyError` → `IndexError`), or
 * one word of its message changed (`Cannot read properties of undefined` →
 * `… of missing`) so the message occurs nowhere in the session.
 */
import { codeBlocks, fencedBlocks, inRanges } from '../answerText';
import { SiteList, type PlantGenerator } from '../generator';
import type { SessionText } from '../sessionText';
import { firstOk } from '../variants';

const CLASS = /(?<![\w.$])[A-Z][A-Za-z0-9]*(?:Error|Exception)(?!\w)/g;
/** After a class, what makes it an error being reported: printed with its message, or named as an error in prose. */
const REPORTED = /^(?:: \S| (?:error|exception|is raised|was raised|is thrown|was thrown)\b)/;
const MESSAGE = /(?:Error|Exception|error|ERROR|FAILED|FAIL|fatal|panic|failed)(?:\[[\w\-]+\])?: ([^\n`"]{10,200})/dg;
const WORD = /\b[A-Za-z]{4,}\b/g;

// biome-ignore format: a list of words or values reads best packed
const ERROR_CLASSES = [
  'ValueError', 'TypeError', 'KeyError', 'RuntimeError', 'AttributeError', 'ImportError', 'ModuleNotFoundError', 'FileNotFoundError',
  'IndexError', 'OSError', 'PermissionError', 'TimeoutError', 'AssertionError', 'NotImplementedError', 'ReferenceError', 'SyntaxError',
  'RangeError', 'LookupError', 'ConnectionError', 'ValidationError', 'ParseError', 'ConfigError',
];
// biome-ignore format: a list of words or values reads best packed
const EXCEPTION_CLASSES = [
  'IllegalArgumentException', 'IllegalStateException', 'NullPointerException', 'IOException', 'RuntimeException', 'TimeoutException',
  'ValidationException', 'NotFoundException', 'ParseException', 'ConfigException', 'UnsupportedOperationException',
];
// biome-ignore format: a list of words or values reads best packed
const MESSAGE_WORDS = ['invalid', 'missing', 'unexpected', 'unknown', 'duplicate', 'expired', 'locked', 'unsupported', 'malformed', 'disabled', 'empty', 'stale', 'corrupt', 'readonly'];

export const changedError: PlantGenerator = {
  kind: 'changed-error',
  sites(text, session, rand) {
    const list = new SiteList();
    const blocks = fencedBlocks(text);
    for (const m of text.matchAll(CLASS)) {
      const name = m[0];
      const end = m.index + name.length;
      // Not a class the agent's own code imports, subclasses or catches: one quoted in backticks, printed or named in prose.
      const quoted = text[m.index - 1] === '`' && text[end] === '`';
      if (!quoted && (inRanges(blocks, m.index) || !REPORTED.test(text.slice(end, end + 14)))) continue;
      if (!list.match(name) || !session.inContext(name)) continue;
      const pool = name.endsWith('Exception') ? EXCEPTION_CLASSES : ERROR_CLASSES;
      list.add(
        m.index,
        m.index + name.length,
        firstOk(pool, rand, (v) => v !== name && session.absent(v, true)),
      );
    }
    const code = codeBlocks(text);
    for (const m of text.matchAll(MESSAGE)) {
      // A message in code the answer writes (a file's content, `raise ValueError("…")`, `print("ERROR: …")`, a docstring) is that code's, not a report of an error.
      if (inRanges(code, m.index) || IN_STRING.test(lineBefore(text, m.index)) || FIELD.test(lineAt(text, m.index))) continue;
      // Only a message the context printed word for word (the answer's sentence may run on past it).
      const message = printedPart(m[1], session);
      if (message === undefined || !list.match(message)) continue;
      const words = [...message.matchAll(WORD)];
      if (words.length === 0) continue;
      const w = words[Math.floor(rand() * words.length)];
      const before = message.slice(0, w.index);
      const after = message.slice(w.index + w[0].length);
      const other = firstOk(
        MESSAGE_WORDS,
        rand,
        (v) => v !== w[0].toLowerCase() && session.absent(before + v + after, true) && session.absent(`${lastWord(before)}${v}${firstWord(after)}`, true),
      );
      const at = m.indices![1][0] + w.index;
      list.add(at, at + w[0].length, other);
    }
    return list.result();
  },
};

/** The line before a message opens a string literal, as code does: `print("`, `raise Error('`, `f"`. */
const IN_STRING = /[(=,]\s*[fbr]?["']$/;

/** A field declared with a type and a default, as a class body does: `error: Optional[str] = None`. */
const FIELD = /^\s*\w+: [^=\n]{1,60} = /;

/** The line holding `at`. */
function lineAt(text: string, at: number): string {
  const end = text.indexOf('\n', at);
  return text.slice(text.lastIndexOf('\n', at - 1) + 1, end === -1 ? text.length : end);
}

/** The text from the start of the line holding `at` up to it. */
function lineBefore(text: string, at: number): string {
  return text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
}

/** The longest start of `text`, ending after a word (and a closing quote), that the context printed: at least two words. */
function printedPart(text: string, session: SessionText): string | undefined {
  const ends = [...text.matchAll(/\w+['")\]]?/g)].map((w) => w.index + w[0].length);
  for (let i = ends.length - 1; i >= 1; i--) {
    const part = text.slice(0, ends[i]);
    if (part.length >= 10 && session.inContext(part)) return part;
  }
  return undefined;
}

/** The word before a position with the space after it (`"of "`), so a changed word is checked with its neighbours. */
function lastWord(s: string): string {
  let i = s.length;
  while (i > 0 && /\s/.test(s[i - 1])) i--;
  while (i > 0 && !/\s/.test(s[i - 1])) i--;
  return s.slice(i);
}

/** The word after a position with the space before it. */
function firstWord(s: string): string {
  let i = 0;
  while (i < s.length && /\s/.test(s[i])) i++;
  while (i < s.length && !/\s/.test(s[i])) i++;
  return s.slice(0, i);
}
