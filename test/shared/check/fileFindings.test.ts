/**
 * The CLI and the editor show one findings model: on every fixture and
 * example, `groundcheck check` and the language server give each output the
 * same level after ignores (the lens and the findings tree read it), and the
 * same findings: value, raw range, rule, verdict, closest match, and which
 * ones ignore rules hide.
 */
import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkFile } from '../../../cli/check/checkFile';
import type { FileReport } from '../../../cli/check/fileReport';
import { analyze } from '../../../server/src/analyze';
import { codeLenses } from '../../../server/src/codeLens';
import { type ConversationView, conversationView } from '../../../server/src/conversationView';
import { OutputLineOrder } from '../../../server/src/outputLineOrder';
import type { FindingData } from '../../../server/src/diagnostics';
import { buildDiagnostics } from '../../../server/src/fileDiagnostics';
import { DocumentState } from '../../../server/src/documentState';
import type { FileAnalysis } from '../../../server/src/fileAnalysis';
import { LazyTextDocument } from '../../../server/src/lazyTextDocument';
import { withIgnores } from '../../../server/src/publish';
import { applyIgnores, ClosestCap, outputFindings } from '../../../shared/check/fileFindings';
import { checkTranscript } from '../../../shared/check/checkTranscript';
import { emptyIgnoreStore, IgnoreMatcher } from '../../../shared/check/ignores';
import { isFinding } from '../../../shared/classifier/findingStatus';
import { DEFAULT_SETTINGS, type GroundcheckSettings } from '../../../shared/protocol/settings';
import { isNotTranscript, parseTranscript } from '../../../shared/transcript/detect';

const REPO = join(__dirname, '..', '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const FILES = [...filesUnder(join(REPO, 'test', 'fixtures')), ...filesUnder(join(REPO, 'examples'))].sort();

/** One output as a presenter shows it: its level and its findings, in a form both sides can be compared in. */
interface Shown {
  level: string;
  findings: string[];
}

function cliShows(report: FileReport): Map<string, Shown> {
  const out = new Map<string, Shown>();
  for (const o of report.outputs) {
    const findings = o.entities.map((e) =>
      JSON.stringify([
        e.type,
        e.text,
        e.status,
        e.rule,
        e.suppressed,
        e.occurrences.map((x) => [x.range, x.ignored === true]),
        e.closest ? [e.closest.range, e.closest.text] : null,
      ]),
    );
    out.set(`@${o.range.join('-')}`, { level: o.level, findings });
  }
  return out;
}

function editorShows(analysis: FileAnalysis): Map<string, Shown> {
  const out = new Map<string, Shown>();
  for (const o of analysis.outputs) {
    const findings = o.entities.map((e) =>
      JSON.stringify([
        e.type,
        e.text,
        e.status,
        e.rule,
        e.suppressed === true,
        e.occurrences.map((r, k) => [r, isFinding(e.status) && e.ignored?.[k] === true]),
        // The worker searches before ignores are known; a hidden finding's closest match is never shown.
        e.closest && !e.suppressed ? [e.closest.raw, e.closest.text] : null,
      ]),
    );
    out.set(`@${o.raw.join('-')}`, { level: o.level, findings });
  }
  return out;
}

/** Rules that hide something in most files: one value, one occurrence, and a type switched off. */
function ignoringSome(report: FileReport): { matcher: IgnoreMatcher; settings: GroundcheckSettings } {
  const store = emptyIgnoreStore();
  const findings = report.outputs.flatMap((o) => o.entities.filter((e) => isFinding(e.status)));
  if (findings[0]) store.values.push({ type: findings[0].type, value: findings[0].text.toLowerCase() });
  const other = findings.find((e) => e.occurrences[0]?.key !== undefined && e.text !== findings[0].text);
  if (other?.occurrences[0]?.key) store.occurrences.push({ type: other.type, key: other.occurrences[0].key, text: other.text });
  return { matcher: new IgnoreMatcher(store), settings: { ...DEFAULT_SETTINGS, severity: { ...DEFAULT_SETTINGS.severity, date: 'off' } } };
}

describe('one findings model for the CLI and the editor', () => {
  let compared = 0;
  let changedByIgnores = 0;

  for (const path of FILES) {
    const name = relative(REPO, path);
    it(`shows the same level and findings for every output of ${name}`, () => {
      const raw = readFileSync(path, 'utf8');
      const plain = checkFile({ file: name, raw, absPath: path }, { settings: DEFAULT_SETTINGS, ledger: true });
      if (plain.notTranscript || plain.outputs.some((o) => o.entry !== undefined)) return;
      const { matcher, settings } = ignoringSome(plain);
      const cli = cliShows(checkFile({ file: name, raw, absPath: path }, { settings, ledger: true, ignores: matcher }));
      const checked = analyze({ raw, path, settings }).analysis;
      const published = withIgnores(checked, settings, matcher);
      const editor = editorShows(published);
      assert.deepEqual([...editor.keys()].sort(), [...cli.keys()].sort(), 'the same outputs');
      for (const [at, shown] of cli) assert.deepEqual(editor.get(at), shown, `output at ${at}`);
      // What the lens and the findings tree draw: the published level.
      const state = new DocumentState(new LazyTextDocument(`file://${path}`, 'plaintext', 1, raw));
      state.published = { version: 1, analysis: published, settings, status: {} as never, order: new OutputLineOrder(published.outputs) };
      const levels = new Map(published.outputs.map((o) => [o.segment, o.level]));
      for (const lens of codeLenses(state)) assert.ok(/^[A-Z]+ · /.test(lens.command!.title));
      for (const o of published.outputs) {
        const lens = codeLenses(state).find((l) => l.range.start.line === state.doc.positionAt(o.raw[0]).line && l.command!.title.startsWith(`${o.level} `));
        if (o.entities.length > 0) assert.ok(lens, `a lens showing ${o.level} on line ${o.line + 1}`);
      }
      for (const d of buildDiagnostics(state.doc, published, settings).diagnostics) {
        const data = d.data as FindingData | undefined;
        if (data?.kind === 'unverified') assert.equal(data.level, levels.get(data.segment), 'the findings tree groups by the level after ignores');
      }
      compared += cli.size;
      changedByIgnores += published.outputs.filter((o) => o.level !== o.checked.level).length;
    });
  }

  after(() => {
    // The comparison means something only if it covered outputs, and ignores changed some of their levels.
    assert.ok(compared > 50, `compared ${compared} outputs`);
    assert.ok(changedByIgnores > 0, 'ignore rules changed no level: the fixtures no longer exercise it');
  });
});

describe('applyIgnores', () => {
  const raw = readFileSync(join(REPO, 'examples', 'rag-eval.jsonl'), 'utf8');
  const t = parseTranscript({ raw });
  if (isNotTranscript(t)) throw new Error('rag-eval.jsonl is a transcript');
  const check = checkTranscript(t, {});
  const withFinding = check.outputs.find((o) => o.result.entities.some((e) => isFinding(e.status)))!;

  it('takes an ignored finding out of the level, and gives the check its own level back when the rule goes', () => {
    const found = outputFindings(t, withFinding, ClosestCap.forFile());
    const finding = found.entities.find((e) => isFinding(e.status))!;
    const store = emptyIgnoreStore();
    store.values.push({ type: finding.type, value: finding.normalized });
    const ignoring = { severity: {}, minEntities: 1 };
    const hidden = applyIgnores(found, { ...ignoring, ignores: new IgnoreMatcher(store) });
    assert.notEqual(hidden.level, found.level);
    assert.equal(hidden.checked.level, found.level);
    assert.equal(hidden.entities.find((e) => e.text === finding.text)!.suppressed, true);
    const again = applyIgnores(hidden, { ...ignoring, ignores: new IgnoreMatcher(emptyIgnoreStore()) });
    assert.equal(again.level, found.level);
    assert.equal(again.explanation, found.explanation);
    assert.ok(again.entities.every((e) => e.suppressed === undefined && e.ignored === undefined));
  });

  it('gives the conversation view the level after ignores, as the lenses show', () => {
    const analyzed = analyze({ raw, settings: DEFAULT_SETTINGS });
    const output = analyzed.analysis.outputs.find((o) => o.entities.some((e) => isFinding(e.status)))!;
    const finding = output.entities.find((e) => isFinding(e.status))!;
    const store = emptyIgnoreStore();
    store.values.push({ type: finding.type, value: finding.normalized });
    const ignoring = { store, severity: DEFAULT_SETTINGS.severity, minEntities: DEFAULT_SETTINGS.minEntities };
    const after = applyIgnores(output, { ...ignoring, ignores: new IgnoreMatcher(store) }).level;
    assert.notEqual(after, output.level);
    const levelsShown = (v: ConversationView) => v.turns.join('').match(/class="lv [A-Z]+"/g) ?? [];
    const plain = levelsShown(conversationView(analyzed, 'rag-eval.jsonl'));
    const ignored = levelsShown(conversationView(analyzed, 'rag-eval.jsonl', ignoring));
    const index = analyzed.analysis.outputs.indexOf(output);
    assert.equal(plain[index], `class="lv ${output.level}"`);
    assert.equal(ignored[index], `class="lv ${after}"`);
  });

  it('takes every entity of a type whose severity is off out of the level', () => {
    const found = outputFindings(t, withFinding, ClosestCap.forFile());
    const finding = found.entities.find((e) => isFinding(e.status))!;
    const off = applyIgnores(found, { severity: { [finding.type]: 'off' }, minEntities: 1 });
    assert.ok(off.entities.filter((e) => e.type === finding.type).every((e) => e.suppressed));
    assert.notEqual(off.level, found.level);
  });
});
