/**
 * Numbers an output gives its own items: `- #0.3 Docker stack`, `### Method 3:`,
 * `**Phase 2 –**`, `Problem #4:`. At the head of a line, such a number labels
 * what follows; the output defines it, so it claims nothing about the
 * context. Its later references (`depends on #0.3`, `see Method 3`) name the
 * same label and are not claims either. A number is a label only where the
 * output shows it as one: after `#`, or after one word and before a colon,
 * a closing bracket, a dash or the end of a bold span; a bare number in a
 * sentence (`3 files changed`) stays a claim.
 *
 * One pass over the lines, each read through a sticky pattern with bounded
 * parts and no nested repetition, so the cost is linear in the output.
 */
import type { ExtractedEntity } from '../../classifier/types';

/**
 * Line head: indentation, a bullet or list number, heading marks, bold, an
 * optional word (letters of any script), an optional `#`, the label, and
 * what shows it is one.
 */
const LABEL_AT_LINE_HEAD =
  /[ \t]{0,12}(?:[-*+][ \t]{1,4}|\d{1,3}[.)][ \t]{1,4})?(?:#{1,6}[ \t]{1,4})?(?:\*\*|__)?(?:(\p{L}{1,24})[ \t]{0,2})?(#)?(\d{1,4}(?:\.\d{1,3}){0,2})(?:\*\*|__)?([:：)）]|[ \t]{1,3}[—–-]|\.[ \t]|[ \t])/duy;

export class OwnNumbering {
  /** `#0.3`, `method 3`: the labels with what marks them, in lower case. */
  private readonly marked = new Set<string>();
  /** Raw offsets where a label stands at a line head. */
  private readonly heads = new Set<number>();

  constructor(output: string) {
    for (let line = 0; line < output.length; ) {
      const end = output.indexOf('\n', line);
      const next = end === -1 ? output.length : end + 1;
      LABEL_AT_LINE_HEAD.lastIndex = line;
      const m = LABEL_AT_LINE_HEAD.exec(output);
      if (m) this.read(m);
      line = next;
    }
  }

  private read(m: RegExpExecArray): void {
    const [, word, hash, label, mark] = m;
    const shown = hash !== undefined || (word !== undefined && mark.trim() !== '') || (mark !== ' ' && mark !== '\t' && !mark.startsWith('.'));
    if (!shown) return;
    this.heads.add(m.indices![3][0]);
    if (hash) this.marked.add(`#${label}`);
    if (word) this.marked.add(`${word.toLowerCase()} ${label}`);
  }

  /** Whether this occurrence of a number is one of the output's own labels. */
  has(output: string, entity: ExtractedEntity): boolean {
    if (entity.type !== 'number' || this.heads.size === 0) return false;
    const [start] = entity.span;
    if (this.heads.has(start)) return true;
    if (output[start - 1] === '#' && this.marked.has(`#${entity.text}`)) return true;
    const word = wordBefore(output, start);
    return word !== undefined && this.marked.has(`${word.toLowerCase()} ${entity.text}`);
  }
}

/** The word right before `at`, across at most two spaces. */
function wordBefore(text: string, at: number): string | undefined {
  let end = at;
  for (let k = 0; k < 2 && (text[end - 1] === ' ' || text[end - 1] === '\t'); k++) end--;
  let start = end;
  while (start > 0 && end - start < 24 && /\p{L}/u.test(text[start - 1])) start--;
  return start < end ? text.slice(start, end) : undefined;
}
