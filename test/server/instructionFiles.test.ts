import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hover } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { segmentAt } from '../../server/src/classifySelection';
import { allowedFolders } from '../../shared/io/referenceReads';
import { parseTranscript } from '../../shared/transcript/detect';
import { ServerHarness } from './harness';
import { claudeSessionAt } from '../shared/transcript/sessionsAt';

const ANSWER = 'Accounts are settled by `reconcileLedger()`.';
const CLAUDE_MD = '# Ledger\n\nSettle accounts with `reconcileLedger()` in src/ledger.ts.\n';

/** The hover on the name in the session opened as `name`, and where its links lead. */
async function hoverOnName(
  h: ServerHarness,
  name: string,
  session: string,
): Promise<{ value: string; links: { uri: string; range: { start: { line: number; character: number } } }[] }> {
  const uri = h.uriOf(name);
  await h.open(uri, session);
  const doc = TextDocument.create(uri, 'jsonl', 1, session);
  const position = doc.positionAt(session.indexOf('reconcileLedger()'));
  const hover = (await h.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position })) as Hover;
  const value = (hover.contents as { value: string }).value;
  // Each link runs the references peek with the one place it names: [uri, position, [location]].
  const links = [...value.matchAll(/\(command:[^?]+\?([^)]+)\)/g)].map(
    (m) => (JSON.parse(decodeURIComponent(m[1])) as [string, unknown, { uri: string; range: { start: { line: number; character: number } } }[]])[2][0],
  );
  return { value, links };
}

describe("server: a coding session's instruction files", function () {
  this.timeout(30_000);
  let h: ServerHarness;
  before(async () => {
    h = await ServerHarness.start();
  });
  after(() => h.stop());

  it('reads CLAUDE.md at a working directory inside the workspace, says so in the hover, and links to it', async () => {
    fs.mkdirSync(path.join(h.workspace, 'proj'));
    fs.writeFileSync(path.join(h.workspace, 'proj', 'CLAUDE.md'), CLAUDE_MD);
    const { value, links } = await hoverOnName(h, 'inside.jsonl', claudeSessionAt(path.join(h.workspace, 'proj'), ANSWER));
    assert.match(value, /✓ grounded/);
    assert.ok(value.includes(`Project instructions: Instruction files read from disk: ${path.join(h.workspace, 'proj', 'CLAUDE.md')}.`), value);
    assert.match(value, /\[CLAUDE\.md \(read from disk\), line 3\]/);
    assert.equal(fileURLToPath(links[0].uri), path.join(h.workspace, 'proj', 'CLAUDE.md'));
    assert.deepEqual(links[0].range.start, { line: 2, character: CLAUDE_MD.split('\n')[2].indexOf('reconcileLedger') });
  });

  it('says in the hover that a working directory outside the workspace was not read', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-outside-'));
    fs.writeFileSync(path.join(outside, 'CLAUDE.md'), CLAUDE_MD);
    const { value } = await hoverOnName(h, 'outside.jsonl', claudeSessionAt(outside, ANSWER));
    assert.doesNotMatch(value, /✓ grounded/);
    assert.ok(value.includes(`No instruction file was read: the working directory ${outside} is outside the folders groundcheck may read.`), value);
  });
});

describe('server: the segment at an offset of a session with instruction files', () => {
  it("is never an instruction file, whose offsets are that file's", () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-segment-at-')));
    fs.writeFileSync(path.join(dir, 'CLAUDE.md'), `${'Accounts are kept in cents. '.repeat(40)}\n`);
    const raw = claudeSessionAt(dir, ANSWER);
    const t = parseTranscript({ raw, projectFolders: allowedFolders([dir]) });
    if (!('segments' in t)) throw new Error(t.reason);
    assert.ok(t.segments.some((s) => s.source !== undefined));
    // Between the first line's strings: no segment holds it.
    assert.equal(segmentAt(t.segments, raw.indexOf('"sessionId"')), undefined);
    const answer = raw.indexOf('reconcileLedger');
    assert.equal(segmentAt(t.segments, answer)?.isOutput, true);
  });
});
