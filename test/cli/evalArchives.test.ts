import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { buildCli, REPO, runCli } from './harness';
import { sarifViolations } from './sarifShape';

const GEO = new Uint8Array(readFileSync(join(REPO, 'test/fixtures/transcripts/inspect/geo.eval')));
const ENTRY = 'samples/q1_epoch_1.json';
const ENTRY_TEXT = strFromU8(unzipSync(GEO)[ENTRY]);

/** The text at a 1-based line and UTF-16 column of `text`, `length` units long. */
function at(text: string, line: number, column: number, length: number): string {
  const start =
    text
      .split('\n')
      .slice(0, line - 1)
      .join('\n').length +
    (line > 1 ? 1 : 0) +
    column -
    1;
  return text.slice(start, start + length);
}

describe('groundcheck check: findings inside an .eval archive', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    await buildCli();
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-eval-'));
    writeFileSync(join(dir, 'geo.eval'), GEO);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const run = (args: string[], cwd = dir) => runCli(args, { cwd, timeout: 20_000 });

  it('names the entry and the line and column in it, in the text report, with the entry line as the frame', () => {
    const r = run(['check', 'geo.eval']);
    const head = /^geo\.eval!samples\/q1_epoch_1\.json:(\d+):(\d+): warning number '42 km' not in context \[PARTIAL\]  not-in-context$/m.exec(r.stdout);
    assert.ok(head, r.stdout);
    assert.equal(at(ENTRY_TEXT, Number(head[1]), Number(head[2]), 5), '42 km');
    assert.match(r.stdout, /^  38 \| +"content": "The Loch Ness shoreline is 42 km, says Dr\. Iain Moray\."$/m);
    const closest = /closest in context: '36' at geo\.eval!samples\/q1_epoch_1\.json:(\d+):(\d+)$/m.exec(r.stdout);
    assert.ok(closest, r.stdout);
    assert.equal(at(ENTRY_TEXT, Number(closest[1]), Number(closest[2]), 2), '36');
  });

  it('gives the entry beside the file in the JSON ledger, with ranges in the entry', () => {
    const record = JSON.parse(run(['check', 'geo.eval', '--format', 'json']).stdout.split('\n')[0]) as {
      file: string;
      entry: string;
      range: [number, number];
      entities: { text: string; ranges: [number, number][]; closest?: { range: [number, number]; text: string } }[];
    };
    assert.equal(record.file, 'geo.eval');
    assert.equal(record.entry, ENTRY);
    const km = record.entities.find((e) => e.text === '42 km')!;
    assert.equal(ENTRY_TEXT.slice(...km.ranges[0]), '42 km');
    assert.equal(ENTRY_TEXT.slice(...km.closest!.range), '36');
  });

  it('places a SARIF result in the entry as a nested artifact whose parent is the archive', () => {
    const log = JSON.parse(run(['check', 'geo.eval', '--format', 'sarif']).stdout);
    assert.deepEqual(sarifViolations(log), []);
    const run0 = log.runs[0];
    const result = run0.results.find((x: { message: { text: string } }) => x.message.text.includes("'42 km'"));
    const where = result.locations[0].physicalLocation;
    const nested = run0.artifacts[where.artifactLocation.index];
    assert.deepEqual(nested.location, { uri: ENTRY });
    assert.equal(where.artifactLocation.uri, ENTRY);
    assert.deepEqual(run0.artifacts[nested.parentIndex].location, { uri: 'geo.eval', uriBaseId: '%SRCROOT%' });
    assert.equal(at(ENTRY_TEXT, where.region.startLine, where.region.startColumn, 5), '42 km');
    assert.equal(ENTRY_TEXT.slice(where.region.charOffset, where.region.charOffset + where.region.charLength), '42 km');
    assert.equal(result.relatedLocations[0].physicalLocation.artifactLocation.index, where.artifactLocation.index);
  });

  it('names the entry in the notes of the HTML report', () => {
    const html = run(['check', 'geo.eval', '--format', 'html']).stdout;
    assert.match(
      html,
      /title="unverified \(warning\): number '42 km' not in context; closest in context: '36' at geo\.eval!samples\/q1_epoch_1\.json:\d+:\d+">42 km/,
    );
  });

  it('never opens a file on disk for an entry whose name climbs out with ../', () => {
    const project = join(dir, 'project');
    mkdirSync(project);
    const name = 'samples/../../outside.json';
    writeFileSync(join(project, 'log.eval'), zipSync({ 'header.json': strToU8('{"version":2}'), [name]: strToU8(ENTRY_TEXT) }));
    // Where the name would lead from the archive's folder: lines of its own, which would move every position.
    writeFileSync(join(dir, 'outside.json'), 'x\n'.repeat(2000));
    const r = run(['check', 'log.eval'], project);
    const closest = /closest in context: '36' at (.*)$/m.exec(r.stdout);
    assert.ok(closest, r.stdout);
    const place = /^log\.eval!samples\/\.\.\/\.\.\/outside\.json:(\d+):(\d+)$/.exec(closest[1]);
    assert.ok(place, `placed at ${closest[1]}`);
    assert.equal(at(ENTRY_TEXT, Number(place[1]), Number(place[2]), 2), '36');
    const allowed = run(['check', 'log.eval', '--allow-outside-refs'], project);
    assert.match(allowed.stdout, /closest in context: '36' at log\.eval!samples\/\.\.\/\.\.\/outside\.json:\d+:\d+$/m);
  });
});
