/**
 * What the editor shows for every fixture and example stays what it was
 * when the server's own work changes shape (what the worker lays out with
 * a check, what it reads only when asked): diagnostics, the status, code
 * lenses, Go to Definition and Find References then hovers at every
 * occurrence, the conversation view, and the same after an edit and an
 * appended line. Compared as one digest per file and kind against
 * shownResults.json; `GROUNDCHECK_UPDATE_SHOWN=1` writes it anew when a
 * change of what is shown is meant.
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../../server/src/analyze';
import { ConversationViewRequest } from '../../shared/protocol/messages';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { ServerHarness } from './harness';

const REPO = join(__dirname, '..', '..');
const DIGESTS = join(__dirname, 'shownResults.json');
const UPDATE = process.env.GROUNDCHECK_UPDATE_SHOWN === '1';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const FILES = [...filesUnder(join(REPO, 'test', 'fixtures')), ...filesUnder(join(REPO, 'examples'))].sort();

describe('server: what the editor shows for every fixture and example', function () {
  this.timeout(120_000);
  let h: ServerHarness;
  const expected: Record<string, Record<string, string>> = UPDATE ? {} : JSON.parse(readFileSync(DIGESTS, 'utf8'));
  const found: Record<string, Record<string, string>> = {};
  before(async () => {
    h = await ServerHarness.start();
  });
  after(async () => {
    await h.stop();
    if (UPDATE) writeFileSync(DIGESTS, `${JSON.stringify(found, null, 1)}\n`);
  });

  for (const path of FILES) {
    const name = relative(REPO, path);
    it(`is unchanged for ${name}`, async () => {
      const raw = readFileSync(path, 'utf8');
      const uri = h.uriOf(name.replace(/\//g, '__'));
      // Where to point: just inside every occurrence the check finds (the server is pinned to the same profile).
      const settings = { ...DEFAULT_SETTINGS, profile: 'spec' as const };
      const doc = TextDocument.create(uri, 'plaintext', 1, raw);
      const positions = analyze({ raw, path, settings })
        .analysis.outputs.flatMap((o) => o.entities.flatMap((e) => e.occurrences.map((r) => r[0] + 1)))
        .map((offset) => doc.positionAt(offset));
      const shown: Record<string, unknown> = {};
      const request = (method: string, params: object) => h.connection.sendRequest(method, { textDocument: { uri }, ...params });
      const each = async (method: string, params: object = {}) => {
        const out: unknown[] = [];
        for (const position of positions) out.push(await request(method, { position, ...params }));
        return out;
      };
      shown.status = { ...(await h.open(uri, raw, 'plaintext')), millis: 0 };
      shown.diagnostics = h.diagnostics.get(uri)?.diagnostics;
      shown.lenses = await request('textDocument/codeLens', {});
      // Every place read first, as Find References does, then what the hover says.
      shown.definitions = await each('textDocument/definition');
      shown.references = await each('textDocument/references', { context: { includeDeclaration: true } });
      shown.hovers = await each('textDocument/hover');
      shown.view = await h.connection.sendRequest(ConversationViewRequest.method, { uri, chars: 1e9 });
      if (positions.length > 0) {
        // One character typed before the last occurrence, then the file's last line appended again.
        const at = positions[positions.length - 1];
        shown.edited = { ...(await h.change(uri, 2, [{ range: { start: at, end: at }, text: 'x' }])), millis: 0 };
        shown.editedDiagnostics = h.diagnostics.get(uri)?.diagnostics;
        const lines = raw.split('\n').filter((l) => l.trim() !== '');
        const end = doc.positionAt(raw.length);
        const appended = {
          ...(await h.change(uri, 3, [{ range: { start: end, end }, text: `${raw.endsWith('\n') ? '' : '\n'}${lines.at(-1)}\n` }])),
          millis: 0,
        };
        shown.appended = appended;
        shown.appendedDiagnostics = h.diagnostics.get(uri)?.diagnostics;
        shown.appendedHovers = await each('textDocument/hover');
      }
      await h.close(uri);
      // The workspace is a fresh temporary folder each run, and appears URI-encoded inside hover links.
      const folder = h.workspace.slice(h.workspace.lastIndexOf('/') + 1);
      const digests: Record<string, string> = {};
      for (const [kind, value] of Object.entries(shown)) {
        digests[kind] = createHash('sha256').update(JSON.stringify(value).split(folder).join('WORKSPACE')).digest('hex').slice(0, 16);
      }
      found[name] = digests;
      if (!UPDATE) {
        assert.deepEqual(
          digests,
          expected[name],
          `what the editor shows for ${name} changed (GROUNDCHECK_UPDATE_SHOWN=1 writes the digests anew when that is meant)`,
        );
      }
    });
  }
});
