import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { place } from '../../server/src/entityPlaces';
import { placeLocation } from '../../server/src/positions';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import { REPO } from '../cli/harness';

describe('server: places inside an archive entry', () => {
  it('are named by the entry, never taken for a path on disk, and lead to the top of the file', () => {
    const sample = strFromU8(unzipSync(new Uint8Array(readFileSync(join(REPO, 'test/fixtures/transcripts/inspect/geo.eval'))))['samples/q1_epoch_1.json']);
    const name = 'samples/../../../etc/groundcheck.json';
    const bytes = zipSync({ 'header.json': strToU8('{"version":2}'), [name]: strToU8(sample) });
    const raw = Buffer.from(bytes).toString('latin1');
    const t = parseTranscript({ raw, bytes, path: join(REPO, 'log.eval') });
    assert.ok(!isNotTranscript(t) && t.segments.length > 0);
    const doc = TextDocument.create('file:///work/log.eval', 'plaintext', 1, raw);
    for (const s of t.segments) {
      const p = place(t, s.id, [0, 1]);
      assert.equal(p.entry, name);
      assert.equal(p.source, undefined);
      assert.deepEqual(placeLocation(doc, p), { uri: doc.uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } });
    }
  });
});
