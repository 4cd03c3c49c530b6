import { strict as assert } from 'node:assert';
import { blankOut, scanGutters } from '../../../shared/code/facts/lineGutters';

describe('line-number gutters in tool output', () => {
  it('lists the lines a Read showed and blanks their numbers only', () => {
    const text = '    40\u2192const a = 1;\n    41\u2192const b = 2;\n';
    const scan = scanGutters(text, { kind: 'numbered', file: 'a.ts', complete: false });
    assert.deepEqual(scan.listings[0].lines, [40, 41]);
    assert.equal(text.slice(scan.listings[0].starts[1], scan.listings[0].ends[1]), 'const b = 2;');
    assert.equal(blankOut(text, scan.blanks), '       const a = 1;\n       const b = 2;\n');
  });

  it('reads nl -ba and Roo-style bar gutters', () => {
    assert.deepEqual(scanGutters('     7\tfoo\n     8\tbar', { kind: 'numbered', file: 'a', complete: true }).listings[0].lines, [7, 8]);
    assert.deepEqual(scanGutters('1 | a\n2 | b', { kind: 'numbered', file: 'a', complete: true }).listings[0].lines, [1, 2]);
  });

  it('reads grep -n lines per file, and single-file grep without a path', () => {
    const scan = scanGutters('src/a.ts:12:  foo()\nsrc/b.ts-3-  bar\n--\nsrc/a.ts:97:  foo(1)\n', { kind: 'grep' });
    assert.deepEqual(
      scan.listings.map((l) => [l.file, l.lines]),
      [
        ['src/a.ts', [12, 97]],
        ['src/b.ts', [3]],
      ],
    );
    assert.equal(blankOut('src/a.ts:12:x', scanGutters('src/a.ts:12:x', { kind: 'grep' }).blanks), 'src/a.ts:  :x');
    assert.deepEqual(scanGutters('4:DB_POOL=12\n', { kind: 'grep', file: '.env' }).listings[0].lines, [4]);
  });

  it('numbers unnumbered ranges from where the command started', () => {
    const scan = scanGutters('a\nb\nc\n', { kind: 'lines', file: 'x', from: 120, to: 160, complete: false });
    assert.deepEqual(scan.listings[0].lines, [120, 121, 122]);
    assert.deepEqual(scan.blanks, []);
  });

  it("numbers a listing from the command's output, after the status header a log puts first", () => {
    const text = 'Exit code: 0\nWall time: 0.2 seconds\nTotal output lines: 3\nOutput:\nalpha\nbeta\ngamma\n';
    const scan = scanGutters(text, { kind: 'lines', file: 'x', from: 1, complete: true });
    assert.deepEqual(scan.listings[0].lines, [1, 2, 3]);
    assert.equal(text.slice(scan.listings[0].starts[0], scan.listings[0].ends[0]), 'alpha');
    assert.deepEqual(scanGutters('Exit code: 0\nWall time: 0.1 seconds\nOutput:\n  79 src/a.ts\n', { kind: 'count', file: 'src/a.ts' }).lineCount, {
      file: 'src/a.ts',
      count: 79,
    });
    // Without a header the first line is the file's first.
    assert.deepEqual(scanGutters('Exit code is set\nb\n', { kind: 'lines', file: 'x', from: 1, complete: true }).listings[0].lines, [1, 2]);
  });

  it('reads a range from the first line that came back shorter than asked as the whole file', () => {
    assert.equal(scanGutters('a\nb\nc\n', { kind: 'lines', file: 'x', from: 1, to: 200, complete: false }).listings[0].complete, true);
    assert.equal(scanGutters('a\nb\nc\n', { kind: 'lines', file: 'x', from: 1, to: 3, complete: false }).listings[0].complete, false);
    assert.equal(scanGutters('a\nb\nc\n', { kind: 'lines', file: 'x', from: 40, to: 200, complete: false }).listings[0].complete, false);
  });

  it('reads numbered lines from the first that came back short of the range asked as the whole file', () => {
    const text = '     1\talpha\n     2\tbeta\n';
    assert.equal(scanGutters(text, { kind: 'numbered', file: 'x', complete: false, upTo: 40 }).listings[0].complete, true);
    assert.equal(scanGutters(text, { kind: 'numbered', file: 'x', complete: false, upTo: 2 }).listings[0].complete, false);
  });

  it('does not read a numbered listing the log cut as the whole file, however short it came back', () => {
    // Codex cuts long output by size and says so: 27 lines of a 110-line file came back for `nl -ba spec.md | sed -n 1,200p`.
    const text = 'Total output lines: 110\n\n     1\t# Spec\n     2\t\n     3\tA long line\n[... omitted 0 of 110 lines ...]\n\n';
    const scan = scanGutters(text, { kind: 'numbered', file: 'spec.md', complete: false, upTo: 200 });
    assert.deepEqual(scan.listings[0].lines, [1, 2, 3]);
    assert.equal(scan.listings[0].complete, false);
    // The marker's words inside a line of the file are the file's own text.
    const quoted = '     1\tThe log writes [... omitted 3 of 9 lines ...]\n     2\tend\n';
    assert.equal(scanGutters(quoted, { kind: 'numbered', file: 'x', complete: false, upTo: 40 }).listings[0].complete, true);
  });

  it('reads a line repeating the omission marker in linear time', () => {
    const line = (n: number) => `     1\t${'[... omitted 1 of 2 lines ...] '.repeat(n)}\n`;
    const time = (n: number) => {
      const text = line(n);
      const t = performance.now();
      scanGutters(text, { kind: 'numbered', file: 'x', complete: false, upTo: 40 });
      return performance.now() - t;
    };
    time(2000);
    const small = Math.max(time(10_000), 0.5);
    const large = time(80_000);
    // Linear is 8x; reading on to the line's end at every marker was 64x.
    assert.ok(large < small * 24, `8x the text took ${(large / small).toFixed(1)}x the time`);
  });

  it('ends a plain listing, incomplete, where the log cut out its middle', () => {
    const scan = scanGutters('a\nb\n[... omitted 908 of 1164 lines ...]\n\ny\nz\n', { kind: 'lines', file: 'x', from: 1, complete: true });
    assert.deepEqual(scan.listings[0].lines, [1, 2]);
    assert.equal(scan.listings[0].complete, false);
  });

  it('in output of unknown shape, blanks arrow gutters and runs of consecutive tab gutters, not TSV data', () => {
    const numbered = '1\talpha\n2\tbeta\n3\tgamma\n';
    assert.equal(blankOut(numbered, scanGutters(numbered, undefined).blanks), '  alpha\n  beta\n  gamma\n');
    const tsv = '97\tselects\n12\tinserts\n';
    assert.deepEqual(scanGutters(tsv, undefined).blanks, []);
    assert.deepEqual(scanGutters('  5\u2192x', undefined).blanks, [2, 4]);
  });

  it('in output of unknown shape, reads compiler and grep lines that name a file', () => {
    const scan = scanGutters('src/app.ts:42:7 - error TS2304: Cannot find name', undefined);
    assert.deepEqual(
      scan.listings.map((l) => [l.file, l.lines]),
      [['src/app.ts', [42]]],
    );
    assert.deepEqual(scanGutters('2024-01-15 12:30:00 started', undefined).listings, []);
  });

  it('reads a wc -l count', () => {
    assert.deepEqual(scanGutters('  79 src/a.ts\n', { kind: 'count', file: 'src/a.ts' }).lineCount, { file: 'src/a.ts', count: 79 });
  });

  it('stays linear on a megabyte of gutters and of near-gutters', () => {
    const t0 = performance.now();
    scanGutters('    1\u2192x\n'.repeat(100_000), undefined);
    scanGutters('a:'.repeat(500_000), undefined);
    scanGutters(`${'1'.repeat(1_000_000)}\t`, undefined);
    assert.ok(performance.now() - t0 < 3000);
  });
});
