/**
 * The language server on a 20 MB Claude Code session, driven over stdio like
 * an editor: time to first diagnostics after opening, re-check time after
 * editing one assistant turn, and hover latency while the file is being
 * checked. Each is printed with its ratio to a synchronous full check of the
 * same file measured in this process (what a server without a worker,
 * partial publishing or incremental re-checks would make the user wait).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { analyze } from '../../server/src/analyze';
import { checkIncrementally } from '../../server/src/incrementalCheck';
import { ServerHarness } from '../../test/server/harness';
import type { BenchSuite } from '../run';
import { generateClaudeSession } from '../generators/claudeSession';

const ms = (x: number): string => `${x.toFixed(1)} ms`;
const ratio = (x: number, base: number): string => `${(x / base).toFixed(3)}× of full check`;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const EDITS = 5;
const HOVERS = 10;

/** Offsets of a digit or letter inside assistant text blocks, spread over the second half of the file. */
function assistantTextSpots(raw: string, count: number): number[] {
  const spots: number[] = [];
  const marker = '"type":"text","text":"';
  let from = Math.floor(raw.length / 2);
  while (spots.length < count) {
    const at = raw.indexOf(marker, from);
    if (at === -1) break;
    const lineStart = raw.lastIndexOf('\n', at) + 1;
    const isAssistant = raw.startsWith('{"type":"assistant"', lineStart) || raw.slice(lineStart, at).includes('"role":"assistant"');
    const textStart = at + marker.length;
    const letter = raw.slice(textStart, textStart + 60).search(/[a-z]/);
    if (isAssistant && letter !== -1) spots.push(textStart + letter);
    from = at + Math.floor((raw.length - from) / (count * 2)) + 1;
  }
  return spots;
}

const suite: BenchSuite = {
  title: 'Language server: 20 MB Claude Code session over stdio',
  async run() {
    const session = generateClaudeSession({ targetSize: 20_000_000, outputs: 2_000 });
    const raw = session.raw;
    console.log(`session: ${(raw.length / 1e6).toFixed(1)} M chars, ${session.outputs} assistant texts`);

    // Baseline: one synchronous full check in this process (parse, index, classify, lay out).
    analyze({ raw: raw.slice(0, 2_000_000), settings: DEFAULT_SETTINGS }); // warm the JIT on a slice
    const fullStart = performance.now();
    const full = analyze({ raw, settings: DEFAULT_SETTINGS });
    const fullMs = performance.now() - fullStart;
    console.log(`baseline synchronous full check: ${ms(fullMs)} (${full.analysis.outputs.length} outputs)`);

    const spots = assistantTextSpots(raw, EDITS);
    const direct = checkIncrementally(full, raw, { start: spots[0], end: spots[0] + 1, text: 'x' }, DEFAULT_SETTINGS);
    console.log(`edit of one assistant turn takes the incremental path: ${direct ? 'yes' : 'no (full re-check)'}`);

    const h = await ServerHarness.start();
    try {
      const small = h.uriOf('small.jsonl');
      const smallText = raw.slice(0, raw.indexOf('\n', 200_000) + 1);
      await h.open(small, smallText);
      const smallDoc = TextDocument.create(small, 'jsonl', 1, smallText);
      const smallHit = h.diagnostics.get(small)!.diagnostics.find((d) => typeof d.code === 'string' && d.code !== 'context-incomplete');

      const uri = h.uriOf('session.jsonl');
      const firstDiagnostics = new Promise<number>((resolve) => {
        const listen = (): void => {
          void h.nextDiagnostics(uri).then((p) => (p.diagnostics.length > 0 ? resolve(performance.now()) : listen()));
        };
        listen();
      });
      const openStart = performance.now();
      const checked = h.open(uri, raw);

      // Hovers while the big file is being checked: on the big file itself and on a small one.
      const hoverBig: number[] = [];
      const hoverSmall: number[] = [];
      for (let i = 0; i < HOVERS; i++) {
        let t = performance.now();
        await h.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 10, character: 30 } });
        hoverBig.push(performance.now() - t);
        if (smallHit) {
          t = performance.now();
          await h.connection.sendRequest('textDocument/hover', { textDocument: { uri: small }, position: smallHit.range.start });
          hoverSmall.push(performance.now() - t);
        }
      }
      const firstAt = await firstDiagnostics;
      const status = await checked;
      const doneAt = performance.now();
      void smallDoc;

      console.log(`time to first diagnostics: ${ms(firstAt - openStart)} (${ratio(firstAt - openStart, fullMs)})`);
      console.log(
        `open → documentChecked: ${ms(doneAt - openStart)} (${ratio(doneAt - openStart, fullMs)}); ` +
          `${status.outputs} outputs, ${status.unverified} unverified, ${status.shown} of ${status.total} shown`,
      );
      console.log(`hover on the file being checked: median ${ms(median(hoverBig))}, max ${ms(Math.max(...hoverBig))} (${ratio(median(hoverBig), fullMs)})`);
      if (hoverSmall.length > 0) {
        console.log(`hover on another file meanwhile: median ${ms(median(hoverSmall))}, max ${ms(Math.max(...hoverSmall))} (${ratio(median(hoverSmall), fullMs)})`);
      }

      // Edits of one assistant turn each: one character replaced inside its text.
      let doc = TextDocument.create(uri, 'jsonl', 1, raw);
      const recheck: number[] = [];
      for (let i = 0; i < spots.length; i++) {
        const version = i + 2;
        const range = { start: doc.positionAt(spots[i]), end: doc.positionAt(spots[i] + 1) };
        const t = performance.now();
        await h.change(uri, version, [{ range, text: 'x' }]);
        recheck.push(performance.now() - t);
        doc = TextDocument.update(doc, [{ range, text: 'x' }], version);
      }
      console.log(
        `re-check after editing one assistant turn: median ${ms(median(recheck))}, max ${ms(Math.max(...recheck))} ` +
          `over ${recheck.length} edits (${ratio(median(recheck), fullMs)})`,
      );
    } finally {
      await h.stop();
    }
  },
};

export default suite;
