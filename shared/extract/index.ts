/**
 * Entity extraction for the classifier: every addressable claim in an
 * agent's output (numbers, dates, identifiers, quoted strings, citations,
 * URLs, proper nouns), with overlaps resolved and repeats merged, in
 * document order. Each per-type rule lives in its own module; overlap.ts
 * says which entity wins a contested span.
 */
import type { ExtractedEntity } from '../classifier/types';
import { sentenceStarts } from '../text/sentences';
import { extractCitations } from './citations';
import { extractDates } from './dates';
import { mergeDuplicates } from './dedupe';
import { extractIdentifiers } from './identifiers';
import { extractNumbers } from './numbers';
import { resolveOverlaps } from './overlap';
import { extractPaths } from './filePaths';
import { extractProperNouns } from './properNouns';
import { extractQuotedStrings } from './quotedStrings';
import { DEFAULT_STOPWORDS } from './stopwords';
import { extractTemplates } from './templates';
import { extractTimes } from './times';
import { extractUrls } from './urls';

export interface ExtractOptions {
  /** Replaces the built-in stopword list for proper nouns; `[]` filters nothing. */
  stopwords?: readonly string[];
}

export function extractEntities(output: string, options: ExtractOptions = {}): ExtractedEntity[] {
  const starts = sentenceStarts(output);
  const candidates = [
    ...extractUrls(output),
    ...extractQuotedStrings(output),
    ...extractIdentifiers(output),
    ...extractPaths(output),
    ...extractTemplates(output),
    ...extractDates(output),
    ...extractNumbers(output),
    ...extractTimes(output),
    ...extractCitations(output),
    ...extractProperNouns(output, options.stopwords ?? DEFAULT_STOPWORDS, starts),
  ];
  return mergeDuplicates(resolveOverlaps(candidates, output, starts), output);
}

export { DEFAULT_STOPWORDS };
