/**
 * Inputs that make a careless scanner or regular expression go quadratic:
 * long runs of the characters each extractor reacts to. Shared by the
 * pathological tests (correctness at 1 MB) and the regex-linearity bench
 * (timing at 100 KB against 1 MB).
 */
import { readsAsEnglish } from '../../../shared/text/englishProse';
import { extractCitations } from '../../../shared/extract/citations';
import { extractDates } from '../../../shared/extract/dates';
import { extractIdentifiers } from '../../../shared/extract/identifiers';
import { extractEntities } from '../../../shared/extract';
import { extractNumbers } from '../../../shared/extract/numbers';
import { extractPaths } from '../../../shared/extract/filePaths';
import { extractProperNouns } from '../../../shared/extract/properNouns';
import { extractQuotedStrings } from '../../../shared/extract/quotedStrings';
import { DEFAULT_STOPWORDS } from '../../../shared/extract/stopwords';
import { extractTemplates } from '../../../shared/extract/templates';
import { extractTimes } from '../../../shared/extract/times';
import { extractUrls } from '../../../shared/extract/urls';
import { sentenceStarts } from '../../../shared/text/sentences';
import { quotedLineFindings } from '../../../shared/code/rules';
import { ContextIndex } from '../../../shared/lookup/contextIndex';
import { codeFenceRanges, ownCodeRanges, outputSentences } from '../../../shared/refine/claims';

/** Repeating units; each input is one unit repeated to the wanted length. */
export const PATHOLOGICAL_UNITS: Readonly<Record<string, string>> = {
  digits: '7',
  dots: '.',
  'digit-dots': '1.',
  'digit-commas': '1,',
  'double quotes': '"',
  'single quotes': "'",
  'quote-letter': '"a',
  apostrophes: "a'",
  backticks: '`',
  'spaced backticks': '` ',
  capitals: 'A',
  'capital words': 'Ab ',
  'open parens': '(',
  calls: 'ab(',
  dollars: '$',
  'dollar-digits': '$1',
  underscores: '_',
  'double underscores': '__a',
  slashes: '/',
  'path segments': 'a/',
  spaces: ' ',
  'dotted names': 'ab.',
  'open brackets': '[',
  'open angles': 'a<',
  'command tags': '<bash>\n</sh>\n',
  'spaced tags': ' \t <bash>\t',
  braces: '{',
  'dollar braces': '${',
  schemes: 'http://',
  'domain labels': 'a1.',
  'citation phrases': 'according to ',
  'from the': 'from the ',
  'month days': 'Jan 1 ',
  'clock times': '1:00 ',
  'colon digits': '1:',
  'relative dates': '3 days ago ',
  fiscal: 'FY2',
  'mixed triggers': '$1.5M Q3 "x\' ',
};

export function pathological(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** Every extractor, callable on its own. */
export const EXTRACTORS: Readonly<Record<string, (text: string) => unknown[]>> = {
  all: (t) => extractEntities(t),
  sentences: (t) => sentenceStarts(t),
  numbers: extractNumbers,
  times: extractTimes,
  dates: extractDates,
  identifiers: extractIdentifiers,
  paths: extractPaths,
  templates: extractTemplates,
  quotedStrings: extractQuotedStrings,
  citations: extractCitations,
  urls: extractUrls,
  properNouns: (t) => extractProperNouns(t, DEFAULT_STOPWORDS, sentenceStarts(t)),
  // Not an extractor, but the scan for the turn's own code blocks that every agent turn gets.
  ownCode: (t) => ownCodeRanges(t),
  // Not an extractor, but a scan of every agent turn that names an unknown name: held to the same line.
  englishProse: (t) => [readsAsEnglish(t)],
  // Not an extractor either: a turn's block of the input's lines, each with a name nothing spelt added, against a context of those lines.
  quotedLines: (t) => {
    const lines: string[] = [];
    for (let i = 0; i < t.length; i += 100) lines.push(t.slice(i, i + 100));
    const output = `The file reads as follows, and this is what the test run showed:\n\n\`\`\`\n${lines.map((l) => `${l} zz_unseen`).join('\n')}\n\`\`\`\n`;
    const index = ContextIndex.build([lines.join('\n'), 'The end.']);
    const fences = codeFenceRanges(output);
    return quotedLineFindings({ output, fences, sentences: outputSentences(output), index, find: { strict: false, before: 2 }, gaps: [], entities: [] });
  },
};
