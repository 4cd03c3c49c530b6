/**
 * Inspect AI evaluation logs: the `.json` form (`{version, eval, samples}`)
 * and the `.eval` zip, where each `samples/*.json` entry is shown as its own
 * virtual JSON document (segments carry the entry name in `source` and
 * offsets within that entry).
 */
import { strFromU8 } from 'fflate';
import { readZipEntries, ZipRefused } from '../../io/zipEntries';
import { JsonRegion } from '../json/jsonRegion';
import { nestingExceededAt } from '../json/jsonDepth';
import { readJsonDocument, TOO_DEEP } from '../json/jsonLines';
import type { FormatParser, ParseInput, Transcript } from '../model';
import { asArray, countMarkers, isObject } from './common/jsonText';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { addSample } from './inspect/sampleConversation';

const ZIP_MAGIC = 'PK\u0003\u0004';

/** Where the findings of an archive read as text are: none can be placed in the archive's bytes. */
export const ARCHIVE_AS_TEXT =
  'This .eval log is a zip archive: its samples are entries inside it, so no finding can be shown in place here. ' +
  '`groundcheck check` reads the archive and names each finding by entry and position in it (log.eval!samples/1_epoch_1.json:12:40).';

export const inspectLogFormat: FormatParser = {
  id: 'inspect',
  label: 'Inspect AI log',
  containers: ['zip', 'json'],
  sniff(head, path) {
    if (head.startsWith(ZIP_MAGIC)) {
      // The zip's local headers name their entries near the start.
      if (head.includes('header.json') || head.includes('samples/') || path?.endsWith('.eval')) return 0.9;
      return 0;
    }
    if (head.includes('"eval"') && head.includes('"samples"') && countMarkers(head, ['"task"', '"plan"', '"status"', '"version"']) >= 2) {
      return 0.85;
    }
    return 0;
  },
  parse(input: ParseInput): Transcript {
    const b = new InOrderTranscriptBuilder('inspect', input.raw);
    if (input.raw.startsWith(ZIP_MAGIC) || (input.bytes && input.bytes[0] === 0x50 && input.bytes[1] === 0x4b)) {
      parseZip(b, input);
    } else {
      const doc = readJsonDocument(input.raw, b.errors);
      if (doc && isObject(doc.value)) {
        asArray(doc.value.samples).forEach((sample, i) => {
          if (isObject(sample)) addSample(b, { sample, region: doc.region, path: ['samples', i] });
        });
      }
    }
    return b.finish();
  },
};

function parseZip(b: InOrderTranscriptBuilder, input: ParseInput): void {
  if (!input.bytes) {
    // The editor hands over binary files as decoded text, in which the entries cannot be found.
    b.error(ARCHIVE_AS_TEXT, 0, Math.min(4, input.raw.length));
    return;
  }
  let entries: Map<string, Uint8Array>;
  try {
    // Held to caps for the whole archive, declared and counted: a bomb is refused, not expanded.
    entries = readZipEntries(input.bytes, (name) => name.startsWith('samples/') && name.endsWith('.json'));
  } catch (err) {
    const why = err instanceof ZipRefused ? `Zip archive refused: ${err.message}` : `Not a readable .eval zip: ${(err as Error).message}`;
    b.error(why, 0, Math.min(4, input.raw.length));
    return;
  }
  for (const name of [...entries.keys()].sort(compareEntries)) {
    const text = strFromU8(entries.get(name)!);
    // The bytes are not needed once decoded: the archive's entries are never held twice over.
    entries.delete(name);
    b.addEntry(name, text);
    let sample: unknown;
    if (nestingExceededAt(text, 0, text.length) !== -1) {
      b.error(`Sample ${name} in the zip ${TOO_DEEP}`, 0, 0);
      continue;
    }
    try {
      sample = JSON.parse(text);
    } catch {
      b.error(`Sample ${name} in the zip is not valid JSON.`, 0, 0);
      continue;
    }
    if (isObject(sample)) addSample(b, { sample, region: new JsonRegion(text, 0, text.length), path: [], source: name });
  }
}

/** `samples/2_epoch_1.json` before `samples/10_epoch_1.json`. */
function compareEntries(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}
