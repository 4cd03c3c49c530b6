import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { visibleControls } from '../../cli/terminal/visibleControls';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { buildCli, REPO, runCli } from './harness';

/** Anything a terminal would act on or reorder, other than the line breaks between report lines. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const ESC = '\u001b';
const BEL = '\u0007';
/** A cell that would retitle the terminal, clear it, and reverse the rest of the line. */
const HOSTILE = `${ESC}]0;pwned${BEL}Revenue ${ESC}[2J\u0000reached $4.2M \u202e\u009b31m in Q3.`;
const CSV = `user_input,retrieved_contexts,response\nHow did Q3 go?,"[""Q3 revenue: $4.1M.""]",${HOSTILE}\n`;

describe('terminal text: controls from a file are shown, never sent', function () {
  this.timeout(60000);
  let dir: string;
  const name = `evil${ESC}[31m.csv`;
  before(async () => {
    await buildCli();
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-controls-'));
    writeFileSync(join(dir, name), CSV);
    writeFileSync(join(dir, `notes${ESC}]0;x${BEL}.md`), '# just notes\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('writes C0 and C1 controls, DEL and bidirectional overrides as escapes, and leaves other text alone', () => {
    assert.equal(visibleControls(`a${ESC}[2Jb${BEL}\u0000\u007f\u009b\n\r\t`), 'a\\x1b[2Jb\\x07\\x00\\x7f\\x9b\\x0a\\x0d\\x09');
    assert.equal(visibleControls('\u202a\u202e\u2066\u2069'), '\\u202a\\u202e\\u2066\\u2069');
    assert.equal(visibleControls('Zoë 😀 \\u001b “q” \u00a0'), 'Zoë 😀 \\u001b “q” \u00a0');
  });

  it('check: the text report names the file and shows the line visibly, the caret under the entity', () => {
    const r = runCli(['check', name], { cwd: dir });
    assert.doesNotMatch(r.stdout, RAW_CONTROL);
    assert.doesNotMatch(r.stderr, RAW_CONTROL);
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith("evil\\x1b[31m.csv:2:74: warning number '$4.2M' not in context [PARTIAL]"));
    assert.notEqual(at, -1, r.stdout);
    assert.match(lines[at + 1], /\\x1b\]0;pwned\\x07Revenue \\x1b\[2J\\x00reached \$4\.2M \\u202e\\x9b31m in Q3\.$/);
    assert.match(lines[at + 3], /closest in context: '\$4\.1M' at evil\\x1b\[31m\.csv:2:32$/);
    // Every caret sits under the entity its finding names, however many escapes come before it.
    const heads = lines.map((l, i) => [/ number '([^']+)' not in context/.exec(l)?.[1], i] as const).filter(([value]) => value);
    assert.deepEqual(
      heads.map(([value]) => value),
      ['2J', '$4.2M', '31m'],
    );
    for (const [value, i] of heads) {
      const caret = lines[i + 2].indexOf('^');
      assert.equal(lines[i + 1].slice(caret, caret + value!.length), value);
      assert.equal(lines[i + 2].slice(caret).length, value!.length);
    }
  });

  it('check: messages on standard error show the controls in file names', () => {
    const r = runCli(['check', `notes${ESC}]0;x${BEL}.md`, `gone${ESC}[2J.jsonl`], { cwd: dir });
    assert.equal(r.code, 2);
    assert.doesNotMatch(r.stderr, RAW_CONTROL);
    assert.match(r.stderr, /^gone\\x1b\[2J\.jsonl: error: no such file or folder$/m);
    assert.match(r.stderr, /^notes\\x1b\]0;x\\x07\.md: error: not a transcript/m);
  });

  it('turns: the table shows labels and text visibly, and errors name the file visibly', () => {
    const r = runCli(['turns', name], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout, RAW_CONTROL);
    assert.match(r.stdout, /^evil\\x1b\[31m\.csv: ragas/);
    assert.match(r.stdout, /response \(row 1\)\s+\\x1b\]0;pwned\\x07Revenue/);
    const missing = runCli(['turns', `gone${ESC}[2J.jsonl`], { cwd: dir });
    assert.equal(missing.code, 2);
    assert.doesNotMatch(missing.stderr, RAW_CONTROL);
    assert.match(missing.stderr, /cannot read gone\\x1b\[2J\.jsonl: no such file/);
  });

  it('check and turns: a zip entry whose name holds controls is named visibly', () => {
    const entries = unzipSync(new Uint8Array(readFileSync(join(REPO, 'test/fixtures/transcripts/inspect/geo.eval'))));
    entries[`samples/evil${ESC}]0;pwned${BEL}_epoch_1.json`] = strToU8('{not json');
    writeFileSync(join(dir, 'evil.eval'), zipSync(entries));
    const checked = runCli(['check', 'evil.eval'], { cwd: dir });
    assert.doesNotMatch(checked.stdout + checked.stderr, RAW_CONTROL);
    assert.match(checked.stderr, /Sample samples\/evil\\x1b\]0;pwned\\x07_epoch_1\.json in the zip is not valid JSON/);
    const turns = runCli(['turns', 'evil.eval'], { cwd: dir });
    assert.doesNotMatch(turns.stdout + turns.stderr, RAW_CONTROL);
    assert.match(turns.stdout, /Sample samples\/evil\\x1b\]0;pwned\\x07_epoch_1\.json in the zip is not valid JSON/);
  });

  it('usage errors show the controls in what was typed, and keep the help readable', () => {
    const r = runCli(['classify', '--output-file', `gone${ESC}[2J.txt`, '--context', 'x'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.doesNotMatch(r.stderr, RAW_CONTROL);
    assert.match(r.stderr, /^error: cannot read output file gone\\x1b\[2J\.txt: no such file$/m);
    const bad = runCli(['check', '--format', `x${ESC}]0;t${BEL}`, 'a.jsonl'], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.doesNotMatch(bad.stderr, RAW_CONTROL);
    assert.match(bad.stderr, /argument 'x\\x1b\]0;t\\x07' is invalid/);
    assert.match(bad.stderr, /\nUsage: groundcheck check \[options\] <paths\.\.\.>\n/);
  });
});
