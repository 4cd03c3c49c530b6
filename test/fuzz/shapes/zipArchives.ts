/**
 * Inspect `.eval` zips with many entries: names that climb out of the
 * archive (`../`, absolute, backslashed, with escapes in them), entries that
 * lie about their sizes, archives nested in entries, and (large) many
 * entries each small enough to pass a per-entry cap that together inflate to
 * hundreds of megabytes.
 */
import fc from 'fast-check';
import { strToU8 } from 'fflate';
import { entity, Filler, prose } from './random';
import type { Shape, ShapeFile } from './shapeInput';
import { repeatedEntryZip } from './repeatedEntryZip';
import { inspectEval, inspectSample } from './transcriptFiles';
import { type LieAt, type SizeLie, withLyingSizes } from './zipSizes';

/** Entry names that are not plain `samples/N.json`. */
export const HOSTILE_NAMES = [
  'samples/../../../../../../tmp/groundcheck-fuzz-escape.json',
  'samples/../../outside.json',
  '../samples/up.json',
  '/etc/groundcheck-fuzz.json',
  'samples/..\\..\\..\\windows.json',
  'C:\\samples\\drive.json',
  'samples/./dot.json',
  'samples//double.json',
  'samples/\u001b[31mred\u001b[0m.json',
  'samples/bell\u0007\u0000nul.json',
  'samples/\u202eevil\u202c.json',
  `samples/${'long'.repeat(200)}.json`,
  'samples/',
  'samples/.json',
];

interface Recipe {
  entries: number;
  /** Every `hostileEvery`th entry gets a hostile name (0: none). */
  hostileEvery: number;
  lie?: { lie: SizeLie; at: LieAt; nth: number };
  /** Every `nestEvery`th entry is itself a zip (0: none). */
  nestEvery: number;
  stored: boolean;
  /** Large only: entries of ~1 MB of repetitive JSON each. */
  bomb: boolean;
  seed: number;
}

const BOMB_ENTRIES = [120, 300] as const;
const bombs = new Map<number, Uint8Array>();

/**
 * Many entries, each just under 1 MB inflated and tiny deflated, the bulk in
 * a field no parser reads (so what is measured is the inflating, not the
 * checking): built once per count, then reused.
 */
function bomb(entries: number): Uint8Array {
  let zip = bombs.get(entries);
  if (!zip) {
    const sample = JSON.parse(inspectSample('bomb', { user: 'What are the settings?', assistant: 'The retry limit is 5.' })) as Record<string, unknown>;
    const data = JSON.stringify({ ...sample, metadata: { padding: 'x'.repeat(1000 * 1000) } });
    zip = repeatedEntryZip(
      Array.from({ length: entries }, (_, i) => `samples/${i}_epoch_1.json`),
      strToU8(data),
    );
    bombs.set(entries, zip);
  }
  return zip;
}

export const zipArchives: Shape<Recipe> = {
  name: 'many-entry zip archives',
  hasLarge: true,
  recipe: fc
    .oneof(
      { weight: 490, arbitrary: fc.record({ large: fc.constant(false), entries: fc.integer({ min: 1, max: 8 }), bomb: fc.constant(false) }) },
      { weight: 9, arbitrary: fc.record({ large: fc.constant(false), entries: fc.integer({ min: 20, max: 200 }), bomb: fc.constant(false) }) },
      { weight: 1, arbitrary: fc.record({ large: fc.constant(true), entries: fc.integer({ min: 500, max: 3000 }), bomb: fc.boolean() }) },
    )
    .chain((base) =>
      fc.record({
        large: fc.constant(base.large),
        entries: base.bomb ? fc.constantFrom(...BOMB_ENTRIES) : fc.constant(base.entries),
        bomb: fc.constant(base.bomb),
        hostileEvery: fc.constantFrom(0, 1, 2, 7),
        lie: fc.option(
          fc.record({
            lie: fc.constantFrom<SizeLie>('zero', 'one', 'max', 'huge'),
            at: fc.constantFrom<LieAt>('local', 'central', 'both'),
            nth: fc.integer({ min: 1, max: 5 }),
          }),
          { nil: undefined },
        ),
        nestEvery: fc.constantFrom(0, 0, 1, 3),
        stored: fc.boolean(),
        seed: fc.integer(),
      }),
    ),
  build(r): ShapeFile {
    let zip: Uint8Array;
    if (r.bomb) {
      zip = bomb(r.entries);
    } else {
      const f = new Filler(r.seed);
      const entries = Array.from({ length: r.entries }, (_, i) => {
        const claims = Array.from({ length: 1 + f.below(6) }, (_, k) => entity(f, k)).join(', ');
        const data = inspectSample(`s${i}`, { user: `${prose(f, 40)} ${entity(f, i)}`, assistant: `${prose(f, 30)} ${claims}` });
        const name = r.hostileEvery > 0 && i % r.hostileEvery === 0 ? f.pick(HOSTILE_NAMES) : `samples/${i}_epoch_1.json`;
        const nested = r.nestEvery > 0 && i % r.nestEvery === 0;
        return { name: nested ? `samples/${i}_nested.json` : name, data: nested ? inspectEval([{ name, data }]) : data };
      });
      zip = inspectEval(entries, r.stored ? 0 : 6);
    }
    if (r.lie) zip = withLyingSizes(zip, r.lie.lie, r.lie.at, r.lie.nth);
    return { file: 'logs/fuzz.eval', raw: Buffer.from(zip).toString('latin1'), bytes: zip, format: 'inspect' };
  },
};
