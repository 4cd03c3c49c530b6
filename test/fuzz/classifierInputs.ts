/**
 * Output and context text for fuzzing the classifier: entity-shaped tokens
 * (figures, dates, times, URLs, code, quotes, names, citations) and the
 * fragments that trip extractors, drawn from one pool so outputs often
 * repeat, half-repeat or nearly repeat what the context says.
 */
import fc from 'fast-check';

// biome-ignore format: a list of words or values reads best packed
const TOKENS = [
  '4.2M', '$1,200', '€3.5bn', '12%', '12 per cent', 'twelve', '1e999', '-0.0', '0x1F', '3rd', '1,2,3', '2024-01-15', 'March 3rd, 2021',
  '15/01/2024', '9 PM', '21:00', '12:30:00', 'Q3', 'https://example.com/a?b=1#c', 'http://x', 'www.a.b', 'foo_bar()', '`getInitials()`',
  '`src/app.ts:42`', 'src/app.ts#L7', 'AppSidebar.tsx', '.from().select()', '"quoted words here"', '“curly”', "'single'", 'Katarina Holm',
  'Dr. Smith', 'New York', '[1]', '(Smith, 2020)', 'et al.', 'v20.11.0', 'Next.js 14', 'next@15.5.2', 'PORT=3001', 'port 3000',
  'line 18', 'lines 24–42 of X', 'Phase 0:', "I'll", 'Run `npm test`', '```', '```ts\nconst a = 1;\n```', '\n', '. ', ', ', ' and ',
  '\u2028', '\ud83d', '\u0000', '\\', '"', '(', ')', '[', ']', '{', '}', '*', '_', '#', '>', '|',
];

const piece = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...TOKENS) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(' '));

export const classifierInputs = fc.record({ output: text, context: text });
