/**
 * A file name written alone on the line before a fenced block is the block's
 * title: the file the turn writes or shows there (Aider's edit blocks, "here
 * is `src/app.ts`:" followed by its code). It names the turn's own code, and
 * claims nothing about a file the session saw.
 */
import type { Range } from '../../classifier/types';

/** Markup a title line may wrap the name in (`` ` ``, `**`, a closing colon). */
const TITLE_MARKUP = /[`*:]/g;

export function namesBlock(output: string, span: Range): boolean {
  const nl = output.indexOf('\n', span[0]);
  const e = nl < 0 ? output.length : nl;
  if (e < span[1]) {
    // A name that runs over a line break: its first line alone, compared whole.
    const s = output.lastIndexOf('\n', span[0] - 1) + 1;
    if (output.slice(s, e).replace(TITLE_MARKUP, '').trim() !== output.slice(span[0], span[1]).replace(TITLE_MARKUP, '').trim()) return false;
  } else if (!onlyMarkupAround(output, span)) return false;
  const next = output.slice(e + 1, e + 1 + 200).trimStart();
  return next.startsWith('```') || next.startsWith('~~~');
}

/**
 * The rest of the name's line is markup and spaces only: the line, its
 * markup taken out and trimmed, is the name. Read outward from the name up
 * to the first other character, so a name inside a long line costs what
 * lies next to it, not the line (thousands of names on one line were
 * quadratic).
 */
function onlyMarkupAround(output: string, span: Range): boolean {
  for (let i = span[0] - 1; i >= 0; i--) {
    const c = output.charCodeAt(i);
    if (c === 10) break;
    if (!isMarkupOrSpace(c)) return false;
  }
  for (let i = span[1]; i < output.length; i++) {
    const c = output.charCodeAt(i);
    if (c === 10) break;
    if (!isMarkupOrSpace(c)) return false;
  }
  return true;
}

function isMarkupOrSpace(c: number): boolean {
  return c === 96 || c === 42 || c === 58 || /\s/.test(String.fromCharCode(c));
}
