/**
 * Control characters in every string a report may echo: the user's and the
 * assistant's text, the entities a finding quotes (paths, identifiers,
 * quoted strings), CSV cells, Aider's `#### ` lines, JSON strings, zip entry
 * names and the file's own name. Terminal escapes (ESC sequences, BEL, C1
 * CSI), NUL, backspace, carriage return and bidi overrides.
 */
import fc from 'fast-check';
import { Filler, prose } from './random';
import type { Shape, ShapeFile } from './shapeInput';
import { inspectEval, inspectSample, TEXT_FORMATS, textFile } from './transcriptFiles';

export const CONTROLS = [
  '\u001b[31m',
  '\u001b[2J\u001b[H',
  '\u001b]0;title\u0007',
  '\u001b]8;;https://example.com\u001b\\',
  '\u001b[1A\u001b[K',
  '\u0007',
  '\u0000',
  '\u0008',
  '\r',
  '\u007f',
  '\u0085',
  '\u009b31m',
  '\u202e',
  '\u2066',
  '\u200f',
];

/** Where the characters go. */
const PLACES = ['user', 'entity', 'prose', 'file name', 'entry name'] as const;
type Place = (typeof PLACES)[number];

interface Recipe {
  format: (typeof TEXT_FORMATS)[number] | 'inspect';
  controls: string[];
  places: Place[];
  seed: number;
}

/** Entities with `c` inside them, so a finding quotes it and its frame shows it. */
function claims(c: string): string[] {
  return [`src/${c}config.ts`, `load${c}Config()`, `"retry ${c}limit"`, `4${c}2 ms`, `\`npm run ${c}build\``, `https://example.com/${c}path`];
}

export const controlCharacters: Shape<Recipe> = {
  name: 'control characters',
  hasLarge: false,
  recipe: fc.record({
    large: fc.constant(false),
    format: fc.constantFrom(...TEXT_FORMATS, 'inspect' as const),
    controls: fc.subarray(CONTROLS, { minLength: 1, maxLength: 4 }),
    places: fc.subarray([...PLACES], { minLength: 1 }),
    seed: fc.integer(),
  }),
  build(r): ShapeFile {
    const f = new Filler(r.seed);
    const c = () => f.pick(r.controls);
    const has = (p: Place) => r.places.includes(p);
    const user = has('user') ? `What is in ${c()}config.ts and port ${c()}3000${c()}?` : 'What is in config.ts and port 3000?';
    const entities = has('entity') ? claims(c()) : claims('');
    const words = (n: number) => (has('prose') ? prose(f, n).replaceAll(' ', () => (f.below(5) === 0 ? c() : ' ')) : prose(f, n));
    const assistant = `${words(40)} ${entities.join(', ')}. ${words(30)}\n\n${words(20)} ${f.pick(entities)}.`;
    const name = (plain: string) => (has('file name') ? plain.replace('.', `${c()}.`) : plain);
    if (r.format === 'inspect') {
      const entry = has('entry name') ? `samples/${c()}1_epoch_1.json` : 'samples/1_epoch_1.json';
      const zip = inspectEval([
        { name: entry, data: inspectSample(`s${c()}`, { user, assistant }) },
        { name: 'samples/2_epoch_1.json', data: '{"id": "broken' },
      ]);
      return { file: name('logs/fuzz.eval'), raw: Buffer.from(zip).toString('latin1'), bytes: zip, format: 'inspect' };
    }
    const written = textFile(r.format, [{ user, assistant }]);
    return { ...written, file: name(written.file) };
  },
};
