/**
 * An attribution to a source with no name (`according to customer reviews`,
 * `from the refrigerator`, `per the provided data`) cannot be checked: the
 * phrase is an ordinary noun phrase, and the source it names is the context
 * itself or no source at all. Only a source that carries a name (a capital
 * letter or a digit: `the SEC filing`, `passage 2`) is a checkable citation.
 */
import type { ExtractedEntity } from '../../classifier/types';

export function isGenericAttribution(entity: ExtractedEntity): boolean {
  if (entity.type !== 'citation') return false;
  // The first word may be capitalized only because it opens the phrase.
  const rest = entity.text.replace(/^\S+\s*/, '');
  const first = entity.text.slice(0, entity.text.length - rest.length).trim();
  const firstNames = /\d/.test(first) || (/^[A-Z]/.test(first) && !/^(?:The|A|An)$/.test(first));
  return !firstNames && !/[A-Z0-9]/.test(rest);
}
