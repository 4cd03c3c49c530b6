/**
 * `npm run eval:sessions [-- --file NAME] [--split dev|test] [--todo] [--json]
 * [--round N] [--plants] [--plants-per-kind N] [--verify-plants] [--opt-in-rules]`: how many of groundcheck's
 * findings on real coding-agent sessions are right, by hand labels, and how
 * many fabrications planted into copies of them it catches.
 *
 * Per file and overall: outputs, findings, findings labelled (all of them,
 * or a seeded sample of 40), precision (right / labelled), planted
 * fabrications caught, and the categories of the wrong findings. Plants are
 * the hand-placed ones of `plants.json` and ones generated from every file's
 * final answers (bench/plants/), reported per kind for the dev and the test
 * sessions side by side, also over the plants whose turn's log records what
 * the value could come from. `--todo` lists sampled findings that have no label
 * yet, for labelling; `--plants` lists every generated plant with what it
 * was judged; `--verify-plants` also checks each one on a planted copy of
 * the raw file parsed afresh (slow). `--split` reads one side of the blind
 * split only (see sessions/split.ts); `--round` the sessions one corpus round
 * added. `--opt-in-rules` also runs the rules that do not flag in an agent's
 * turn unless a user turns them on, so their findings and plants are
 * measured as a user who opts in would see them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { TranscriptCheck } from '../shared/check/checkTranscript';
import { entityRawRanges } from '../shared/check/rawRanges';
import { isFinding } from '../shared/classifier/findingStatus';
import { RULES, type RuleDoc } from '../shared/classifier/rules';
import type { Range } from '../shared/classifier/types';
import { generatePlants } from './plants/generate';
import { GENERATORS } from './plants/kinds';
import type { GeneratedPlant } from './plants/plant';
import { logOmitsSources, originalGrounded, plantOutcome, verifyPlant, type PlantOutcome } from './plants/recall';
import { readLabelFile, sampleOf, type Label } from './sessions/labels';
import { PlantFigures } from './sessions/plantFigures';
import { plantedCopy, readPlants, type Plant } from './sessions/plants';
import { checkSession, type SessionFinding } from './sessions/sessionFindings';
import { SPLITS, type Split } from './sessions/split';
import { RuleFigures } from './sessions/ruleFigures';
import { type Source, sourcesOn } from './sessionsCorpus';

const ROOT = join(__dirname, 'sessions');
const CORPUS = join(ROOT, 'corpus');
const SAMPLE = 40;
const SEED = 'groundcheck-sessions-1';
const PLANT_SEED = 'groundcheck-plants-1';
const PLANTS_PER_KIND = 5;

interface Flags {
  file?: string;
  split?: Split;
  round?: number;
  todo?: boolean;
  json?: boolean;
  plants?: boolean;
  plantsPerKind: number;
  verifyPlants?: boolean;
  optInRules?: boolean;
  turnOn?: string[];
  skipMissing?: boolean;
}

interface FileFigures {
  file: string;
  split: Split;
  format: string;
  bytes: number;
  outputs: number;
  /** Findings on the file as collected. */
  findings: number;
  /** Of those, how many are in the labelled sample, labelled, and right. */
  sampled: number;
  labelled: number;
  right: number;
  wrongCategories: Record<string, number>;
  planted: number;
  caught: number;
  /** Findings on the planted copy that cover a plant (right by construction). */
  plantedFindings: number;
  missed: { kind: string; replace: string }[];
  generated: { kind: string; find: string; replace: string; rawRange: Range; outcome: PlantOutcome }[];
  ms: number;
}

function main(): void {
  new Command('eval:sessions')
    .option('--file <name>', 'only this corpus file')
    .addOption(new Option('--split <side>', 'only the sessions on this side of the blind split').choices(SPLITS))
    .option('--round <n>', 'only the sessions added in this corpus round', wholeNumber)
    .option('--todo', 'list sampled findings without a label')
    .option('--json', 'print the figures as JSON')
    .option('--plants', 'list every generated plant with what it was judged')
    .option('--plants-per-kind <n>', 'generated plants kept per kind and file', wholeNumber, PLANTS_PER_KIND)
    .option('--verify-plants', 'also check every generated plant on a planted copy of the raw file parsed afresh (slow)')
    .option('--opt-in-rules', "also run the rules that do not flag in an agent's turn unless turned on")
    .option('--skip-missing', 'measure the sessions that are restored and name how many are not, instead of refusing')
    .option('--turn-on <rule...>', "also run these rules that do not flag in an agent's turn unless turned on", optInRule)
    .action((flags: Flags) => run(flags))
    .parse(process.argv);
}

function run(flags: Flags): void {
  const started = performance.now();
  const wanted = sourcesOn(flags.split).filter((s) => (!flags.file || s.file === flags.file) && (flags.round === undefined || s.round === flags.round));
  const missing = wanted.map((s) => s.file).filter((f) => !existsSync(join(CORPUS, f)));
  const absent = new Set(missing);
  // A repository can vanish upstream: its sessions are then counted and named as left out, never silently dropped.
  const sources = flags.skipMissing ? wanted.filter((s) => !absent.has(s.file)) : wanted;
  let skipped = '';
  if (missing.length > 0 && flags.skipMissing) {
    const onSide = (side: Split, list: readonly Source[]) => list.filter((s) => (s.split ?? 'dev') === side).length;
    const sides = SPLITS.filter((side) => onSide(side, wanted) > 0).map((side) => `${onSide(side, sources)} of ${onSide(side, wanted)} ${side}`);
    skipped = `${missing.length} corpus file(s) missing, so in no figure: measured ${sides.join(', ')} sessions (missing: ${missing.join(', ')})`;
    process.stderr.write(`${skipped.split(' (missing')[0]}\n`);
  } else if (missing.length > 0) {
    process.stderr.write(
      `${missing.length} corpus file(s) missing (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}): run npm run sessions:corpus first\n`,
    );
    process.exitCode = 2;
    return;
  }
  const plants = readPlants(join(ROOT, 'plants.json'));
  const rules = flags.optInRules ? optInRules() : flags.turnOn ? Object.fromEntries(flags.turnOn.map((id) => [id, 'on' as const])) : undefined;
  const figures: FileFigures[] = [];
  const byKind = new PlantFigures();
  const byRule = new RuleFigures();
  let plantMs = 0;
  let verified = 0;
  // A session groundcheck cannot read is no figure either way: it is named at the end, never dropped silently.
  const unread: string[] = [];
  for (const source of sources) {
    const file = source.file;
    const split: Split = source.split ?? 'dev';
    const path = join(CORPUS, file);
    const raw = readFileSync(path, 'utf8');
    const t0 = performance.now();
    let check: ReturnType<typeof checkSession>;
    try {
      check = checkSession(raw, path, rules);
    } catch (e) {
      unread.push(`${file}: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    const { labels, missed } = readLabelFile(join(ROOT, 'labels', `${file}.jsonl`));
    const sample = sampleOf(check.findings, SAMPLE, SEED);
    byRule.add(split, check.findings, labels);
    byRule.addMissed(split, missed, check.findings);
    if (flags.todo) printTodo(file, sample, labels);
    const mine = plants.filter((p) => p.file === file);
    const hand = plantsCaught(raw, mine, file, rules);
    for (const o of hand.outcomes) byKind.count('hand', split, o);
    const t1 = performance.now();
    const generated = generatePlants(raw, check.check.transcript, { seed: PLANT_SEED, file, perKind: flags.plantsPerKind });
    for (const [kind, t] of generated.tally) byKind.addTally(kind, t);
    const judged = generated.plants.map((p) => {
      const outcome = plantOutcome(check.check, p);
      byKind.count(p.kind, split, outcome, !logOmitsSources(check.check, p), originalGrounded(check.check, p));
      if (flags.verifyPlants) {
        confirmPlant(raw, path, check.check, p, outcome);
        verified++;
      }
      return { kind: p.kind, find: p.find, replace: p.replace, rawRange: p.rawRange, outcome };
    });
    plantMs += performance.now() - t1;
    figures.push({
      file,
      split,
      format: check.format,
      bytes: raw.length,
      outputs: check.outputs,
      findings: check.findings.length,
      ...labelFigures(sample, labels),
      planted: mine.length,
      caught: hand.caught,
      plantedFindings: hand.plantedFindings,
      missed: hand.missed,
      generated: judged,
      ms: performance.now() - t0,
    });
  }
  if (flags.json) {
    process.stdout.write(`${JSON.stringify({ files: figures, plantsByKind: Object.fromEntries(byKind.rows), unread }, null, 2)}\n`);
    return;
  }
  if (flags.plants) printPlants(figures);
  printReport(figures, byKind, { ms: performance.now() - started, plantMs, verified, perKind: flags.plantsPerKind });
  process.stdout.write(`\nFindings per side of the blind split, and per rule (labels by hand; tune on dev, report test):\n\n${byRule.format().join('\n')}\n`);
  if (skipped) process.stdout.write(`\n${skipped}\n`);
  if (unread.length > 0) process.stdout.write(`\n${unread.length} session(s) not read, so in no figure above:\n${unread.map((u) => `  ${u}`).join('\n')}\n`);
}

/** A rule id `--turn-on` accepts: one that is off in an agent's turn by default. */
function optInRule(id: string, previous: string[] = []): string[] {
  if (!(RULES as readonly RuleDoc[]).some((r) => r.id === id && r.agentTurns === 'off')) {
    throw new InvalidArgumentError(`${id} is not a rule that is off in an agent's turn by default`);
  }
  return [...previous, id];
}

/** Every rule that stays silent in an agent's turn unless turned on, turned on. */
function optInRules(): Record<string, 'on'> {
  return Object.fromEntries((RULES as readonly RuleDoc[]).filter((r) => r.agentTurns === 'off').map((r) => [r.id, 'on' as const]));
}

/** Throws when a planted copy parsed afresh disagrees with the re-check of the planted output alone. */
function confirmPlant(raw: string, path: string, check: TranscriptCheck, plant: GeneratedPlant, outcome: PlantOutcome): void {
  const caught = verifyPlant(raw, path, check, plant);
  if (caught !== (outcome === 'caught')) {
    throw new Error(
      `${path}: plant ${plant.kind} ${JSON.stringify(plant.find)} → ${JSON.stringify(plant.replace)} at raw ${plant.rawRange.join('-')}: ${caught ? 'caught' : 'missed'} on the planted copy but ${outcome} alone`,
    );
  }
}

function wholeNumber(v: string): number {
  const n = Number(v);
  if (v.trim() === '' || !Number.isInteger(n) || n < 0) throw new InvalidArgumentError('a whole number is needed.');
  return n;
}

function labelFigures(sample: readonly SessionFinding[], labels: Map<string, Label>): Pick<FileFigures, 'sampled' | 'labelled' | 'right' | 'wrongCategories'> {
  let labelled = 0;
  let right = 0;
  const wrongCategories: Record<string, number> = {};
  for (const f of sample) {
    const l = labels.get(f.key);
    if (!l) continue;
    labelled++;
    if (l.label) right++;
    else wrongCategories[l.category] = (wrongCategories[l.category] ?? 0) + 1;
  }
  return { sampled: sample.length, labelled, right, wrongCategories };
}

/** A plant is caught when a finding on the planted copy covers part of what it changed. */
function plantsCaught(
  raw: string,
  plants: readonly Plant[],
  file: string,
  rules: Readonly<Record<string, 'on' | 'off'>> | undefined,
): { caught: number; plantedFindings: number; missed: { kind: string; replace: string }[]; outcomes: PlantOutcome[] } {
  if (plants.length === 0) return { caught: 0, plantedFindings: 0, missed: [], outcomes: [] };
  const copy = plantedCopy(raw, plants);
  const session = checkSession(copy.raw, join(CORPUS, file), rules);
  const findings = session.findings;
  const missed: { kind: string; replace: string }[] = [];
  const outcomes = handOutcomes(session.check, copy.ranges);
  let caught = 0;
  copy.ranges.forEach(([s, e], i) => {
    if (findings.some((f) => f.raw[0] < e && f.raw[1] > s)) caught++;
    else missed.push({ kind: copy.plants[i].kind, replace: copy.plants[i].replace });
  });
  const plantedFindings = findings.filter((f) => copy.ranges.some(([s, e]) => f.raw[0] < e && f.raw[1] > s)).length;
  return { caught, plantedFindings, missed, outcomes };
}

/** What the entities over each planted raw range were judged, as `plantOutcome` tells it for generated plants. */
function handOutcomes(check: TranscriptCheck, ranges: readonly Range[]): PlantOutcome[] {
  const statuses = ranges.map(() => new Set<string>());
  for (const o of check.outputs) {
    for (const e of o.result.entities) {
      for (const occ of e.occurrences) {
        const [s, t] = entityRawRanges(check.transcript, o.segment, occ);
        ranges.forEach(([from, to], i) => {
          if (s < to && t > from) statuses[i].add(isFinding(e.status) ? 'caught' : e.status);
        });
      }
    }
  }
  return statuses.map((st) => (st.has('caught') ? 'caught' : st.has('indeterminate') ? 'indeterminate' : st.has('grounded') ? 'grounded' : 'not-extracted'));
}

function printPlants(figures: readonly FileFigures[]): void {
  for (const f of figures) {
    for (const p of f.generated) {
      process.stdout.write(
        `${f.file}\t${f.split}\t${p.kind}\t${p.outcome}\traw ${p.rawRange[0]}-${p.rawRange[1]}\t${JSON.stringify(p.find)} → ${JSON.stringify(p.replace)}\n`,
      );
    }
  }
}

function printTodo(file: string, sample: readonly SessionFinding[], labels: Map<string, Label>): void {
  for (const f of sample) {
    if (labels.has(f.key)) continue;
    process.stdout.write(
      `${JSON.stringify({ file, key: f.key, line: f.line, text: f.text, type: f.type, status: f.status, detail: f.detail, around: f.around })}\n`,
    );
  }
}

interface Timing {
  ms: number;
  plantMs: number;
  verified: number;
  perKind: number;
}

function printReport(figures: readonly FileFigures[], byKind: PlantFigures, timing: Timing): void {
  const { ms } = timing;
  const rows = figures.map((f) => [
    f.file.length > 44 ? `${f.file.slice(0, 43)}…` : f.file,
    f.split,
    f.format,
    kb(f.bytes),
    String(f.outputs),
    String(f.findings),
    `${f.labelled}/${f.sampled}`,
    precision(f.right, f.labelled),
    `${f.caught}/${f.planted}`,
    `${f.generated.filter((p) => p.outcome === 'caught').length}/${f.generated.length}`,
    `${Math.round(f.ms)}`,
  ]);
  const total = figures.reduce(
    (a, f) => ({
      outputs: a.outputs + f.outputs,
      findings: a.findings + f.findings,
      sampled: a.sampled + f.sampled,
      labelled: a.labelled + f.labelled,
      right: a.right + f.right,
      planted: a.planted + f.planted,
      caught: a.caught + f.caught,
      plantedFindings: a.plantedFindings + f.plantedFindings,
      bytes: a.bytes + f.bytes,
    }),
    { outputs: 0, findings: 0, sampled: 0, labelled: 0, right: 0, planted: 0, caught: 0, plantedFindings: 0, bytes: 0 },
  );
  const generated = figures.flatMap((f) => f.generated);
  const generatedCaught = generated.filter((p) => p.outcome === 'caught').length;
  rows.push([
    'all',
    '',
    '',
    kb(total.bytes),
    String(total.outputs),
    String(total.findings),
    `${total.labelled}/${total.sampled}`,
    precision(total.right, total.labelled),
    `${total.caught}/${total.planted}`,
    `${generatedCaught}/${generated.length}`,
    `${Math.round(ms)}`,
  ]);
  const head = ['file', 'split', 'format', 'size', 'outputs', 'findings', 'labelled', 'precision', 'hand caught', 'generated caught', 'ms'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const out = [
    'Findings on real coding-agent sessions (bench/sessions/corpus), labelled by hand',
    '',
    line(head),
    ...rows.slice(0, -1).map(line),
    '',
    line(rows[rows.length - 1]),
    '',
    `finding precision: ${precision(total.right + total.plantedFindings, total.labelled + total.plantedFindings)} (${total.right + total.plantedFindings} right of ${total.labelled + total.plantedFindings}: ${total.labelled} labelled findings on the sessions as collected, ${total.right} right, and ${total.plantedFindings} findings on planted fabrications)`,
    `  on the sessions as collected alone: ${precision(total.right, total.labelled)}`,
    `hand-placed fabrications flagged: ${total.caught} of ${total.planted} (${total.planted === 0 ? '-' : `${Math.round((100 * total.caught) / total.planted)}%`})`,
    '',
    `Generated plants (up to ${timing.perKind} per kind and file, in final answers), caught per kind and split:`,
    '',
    ...byKind.format(GENERATORS.map((g) => g.kind)),
    '',
    `checking ${generated.length} generated plants took ${Math.round(timing.plantMs)} ms${timing.verified > 0 ? `; all ${timing.verified} agreed with a planted copy parsed afresh` : ''}; the whole run ${Math.round(ms)} ms`,
  ];
  const categories: Record<string, number> = {};
  for (const f of figures) for (const [c, n] of Object.entries(f.wrongCategories)) categories[c] = (categories[c] ?? 0) + n;
  const wrong = Object.entries(categories).sort((a, b) => b[1] - a[1]);
  if (wrong.length > 0) out.push('', 'wrong findings by category:', ...wrong.map(([c, n]) => `  ${String(n).padStart(4)}  ${c}`));
  const missed = figures.flatMap((f) => f.missed.map((m) => `  ${f.file}: ${m.kind} ${JSON.stringify(m.replace.slice(0, 70))}`));
  if (missed.length > 0) out.push('', 'hand-placed fabrications not flagged:', ...missed);
  const unlabelled = total.sampled - total.labelled;
  if (unlabelled > 0) out.push('', `${unlabelled} sampled findings have no label yet (npm run eval:sessions -- --todo)`);
  process.stdout.write(`${out.join('\n')}\n`);
}

function precision(right: number, labelled: number): string {
  return labelled === 0 ? '-' : (right / labelled).toFixed(3);
}

function kb(bytes: number): string {
  return bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

main();
