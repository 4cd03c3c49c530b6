/**
 * `Passage 3 suggests…`, `(document 2)`: a number right after a word that
 * names a numbered part of the material is a reference to that part, not a
 * quantity. It becomes a citation of `passage 3`, which the context must
 * hold as a heading (`passage 3:`) for the reference to be grounded.
 */
import type { ExtractedEntity } from '../../classifier/types';

/** Nouns that number the parts of a supplied context. */
const PART_NOUN = /\b(passage|document|doc|source|article|excerpt|snippet|chunk) ?$/i;

export function asSourceReference(output: string, entity: ExtractedEntity): ExtractedEntity | undefined {
  if (entity.type !== 'number') return undefined;
  const digits = /^\d{1,3}/.exec(entity.text);
  if (!digits) return undefined;
  const start = entity.span[0];
  const before = output.slice(Math.max(0, start - 12), start);
  const noun = PART_NOUN.exec(before);
  if (!noun) return undefined;
  const nounStart = start - before.length + noun.index;
  // The slice may have cut a longer word (`subpassage`) at its left edge.
  if (nounStart > 0 && /[A-Za-z]/.test(output[nounStart - 1])) return undefined;
  const end = start + digits[0].length;
  const text = output.slice(nounStart, end);
  const canonical = `${noun[1].toLowerCase()} ${digits[0]}`;
  return { text, type: 'citation', span: [nounStart, end], forms: [text, canonical], occurrences: [[nounStart, end]] };
}
