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
import { isSpace } from './chars';

const MAX_INNER = 100;

export function extractTemplates(text: string): Candidate[] {
  const out: Candidate[] = [];
  const n = text.length;
  let i = 0;
  while (i < n - 1) {
    const opener = text[i] === '$' && text[i + 1] === '{' ? '${' : text[i] === '{' && text[i + 1] === '{' ? '{{' : '';
    if (!opener) {
      i++;
      continue;
    }
    const closer = opener === '${' ? '}' : '}}';
    let j = i + 2;
    // `{{{` opens at the last pair of braces.
    if (opener === '{{') while (text[j] === '{') j++;
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
    if (resumeAt < 0 && text.startsWith(closer, j) && j > innerStart) {
      const start = opener === '{{' ? innerStart - 2 : i;
      const end = j + closer.length;
      const inner = text.slice(innerStart, j).trim();
      if (inner.length > 0) out.push({ type: 'identifier', start, end, forms: templateForms(opener, inner, text.slice(start, end)) });
      i = end;
    } else {
      i = resumeAt >= 0 ? resumeAt : j;
    }
  }
  return out;
}

function templateForms(opener: string, inner: string, literal: string): string[] {
  const close = opener === '${' ? '}' : '}}';
  const compact = collapse(inner);
  return uniqueForms([literal, `${opener}${compact}${close}`, `${opener} ${compact} ${close}`]);
}

function collapse(s: string): string {
  let out = '';
  let space = false;
  for (let k = 0; k < s.length; k++) {
    if (isSpace(s.charCodeAt(k))) space = out.length > 0;
    else {
      if (space) out += ' ';
      space = false;
      out += s[k];
    }
  }
  return out;
}
