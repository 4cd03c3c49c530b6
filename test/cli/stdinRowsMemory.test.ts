/**
 * `check -` over a long stream of RAG rows: what each row makes dies young,
 * so the old generation, which only a full collection empties, takes next to
 * nothing per row and an unbounded stream runs in level memory. Measured
 * with V8's own count of what each young collection promoted.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { RagRows } from '../../bench/generators/ragRows';
import { buildCli } from './harness';

const ROWS = 20_000;

describe('check - over a long stream of RAG rows', function () {
  this.timeout(180_000);
  let cli: string;
  before(async () => {
    cli = await buildCli();
  });

  it('promotes under 2 KB a row to the old generation', () => {
    const rows = new RagRows(17);
    let input = '';
    for (let i = 0; i < ROWS; i++) input += rows.next();
    // --trace-gc-nvp writes a line per collection to stdout, among the results: they are told apart by their start.
    const r = spawnSync(process.execPath, ['--trace-gc-nvp', cli, 'check', '-', '--format', 'json'], {
      input,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      timeout: 170_000,
    });
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.equal(lines.filter((l) => l.startsWith('{')).length, ROWS);
    const scavenges = lines.filter((l) => l.includes(' gc=s '));
    assert.ok(scavenges.length > 50, `only ${scavenges.length} young collections`);
    const promoted = scavenges.reduce((sum, l) => sum + Number(/ promoted=(\d+)/.exec(l)?.[1] ?? NaN), 0);
    assert.ok(Number.isFinite(promoted), 'every young collection tells what it promoted');
    const perRow = promoted / ROWS;
    // A row is some 450 bytes of JSON Lines and its check allocates over 100 KB. Each row's parse kept by its segments'
    // getters (some 11 KB a row) or a hidden class per result cost more than this; a row now promotes under 1 KB,
    // and the margin is for how V8 sizes its young generation on another machine.
    assert.ok(perRow < 2048, `${Math.round(perRow)} bytes a row promoted over ${ROWS} rows`);
  });
});
