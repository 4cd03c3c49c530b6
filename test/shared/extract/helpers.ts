/** Small views of extraction results that keep test expectations readable. */
import type { ExtractedEntity } from '../../../shared/classifier/types';
import { extractEntities } from '../../../shared/extract';

/** `[text, type]` for each entity, in the order returned. */
export function listed(output: string, options?: { stopwords?: readonly string[] }): Array<[string, string]> {
  return extractEntities(output, options).map((e) => [e.text, e.type]);
}

/** The single entity whose text is `text`; fails loudly when absent or repeated. */
export function entity(output: string, text: string): ExtractedEntity {
  const found = extractEntities(output).filter((e) => e.text === text);
  if (found.length !== 1) throw new Error(`expected one entity ${JSON.stringify(text)}, got ${JSON.stringify(extractEntities(output).map((e) => e.text))}`);
  return found[0];
}

/** Texts of the entities of one type. */
export function textsOfType(output: string, type: string): string[] {
  return extractEntities(output)
    .filter((e) => e.type === type)
    .map((e) => e.text);
}
