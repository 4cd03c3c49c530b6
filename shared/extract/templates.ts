/**
 * Extracts template interpolations as identifiers: `${name}` and
 * `{{ var }}`, up to a bounded length on one line. Forms are the literal and
 * its spacing variant (`{{var}}` ⇄ `{{ var }}`), since templates differ only
 * in padding more often than in content.
 *
 * Linear: a scan that meets a new opener abandons the old one and continues
 * from there, so no character is read twice.
 */
import type { Candidate } from './candidate';
import { uniqueForms } from './candidate';
import { collapseWhitespace } from './whitespace';

const MAX_INNER = 100;

export function extractTemplates(text: string): Candidate[] {
  const out: Candidate[] = [];
  const n = text.length;
  let from = 0;
  for (;;) {
    // Jump to the next brace; every opener contains one.
    const brace = text.indexOf('{', from);
    if (brace < 0) break;
    const opener = text[brace - 1] === '$' ? '${' : text[brace + 1] === '{' ? '{{' : '';
    if (!opener) {
      from = brace + 1;
      continue;
    }
    const closer = opener === '${' ? '}' : '}}';
    let j = brace + 1;
    // `{{{` opens at the last pair of braces.
    while (text[j] === '{') j++;
    const innerStart = j;
    let resumeAt = -1;
    while (j < n && j - innerStart <= MAX_INNER) {
      const ch = text[j];
      if (ch === '\n' || ch === '{' || (ch === '$' && text[j + 1] === '{')) {
        resumeAt = j;
        break;
      }
      if (text.startsWith(closer, j)) break;
      j++;
    }
    if (resumeAt < 0 && j > innerStart && text.startsWith(closer, j)) {
      const start = opener === '${' ? brace - 1 : innerStart - 2;
      const end = j + closer.length;
      const inner = text.slice(innerStart, j).trim();
      if (inner.length > 0) out.push({ type: 'identifier', start, end, forms: templateForms(opener, inner, text.slice(start, end)) });
      from = end;
    } else {
      from = resumeAt >= 0 ? resumeAt : Math.max(j, brace + 1);
    }
  }
  return out;
}

function templateForms(opener: string, inner: string, literal: string): string[] {
  const close = opener === '${' ? '}' : '}}';
  const compact = collapseWhitespace(inner);
  return uniqueForms([literal, `${opener}${compact}${close}`, `${opener} ${compact} ${close}`]);
}
