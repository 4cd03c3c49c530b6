/**
 * `npm run eval:sessions [-- --file NAME] [--split dev|test] [--todo] [--json]`: how many of
 * groundcheck's findings on real coding-agent sessions are right, by hand
 * labels, and how many fabrications planted into copies of them it catches.
 *
 * Per file and overall: outputs, findings, findings labelled (all of them,
 * or a seeded sample of 40), precision (right / labelled), planted
 * fabrications caught, and the categories of the wrong findings. `--todo`
 * lists sampled findings that have no label yet, for labelling. `--split`
 * reads one side of the blind split only (see sessions/split.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { readLabels, sampleOf, type Label } from './sessions/labels';
import { plantedCopy, readPlants, type Plant } from './sessions/plants';
import { checkSession, type SessionFinding } from './sessions/sessionFindings';
import { SPLITS, type Split } from './sessions/split';
import { sourcesOn } from './sessionsCorpus';

const ROOT = join(__dirname, 'sessions');
const CORPUS = join(ROOT, 'corpus');
const SAMPLE = 40;
const SEED = 'groundcheck-sessions-1';

interface Flags {
  file?: string;
  split?: Split;
  todo?: boolean;
  json?: boolean;
}

interface FileFigures {
  file: string;
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
  ms: number;
}

function main(): void {
  new Command('eval:sessions')
    .option('--file <name>', 'only this corpus file')
    .addOption(new Option('--split <side>', 'only the sessions on this side of the blind split').choices(SPLITS))
    .option('--todo', 'list sampled findings without a label')
    .option('--json', 'print the figures as JSON')
    .action((flags: Flags) => run(flags))
    .parse(process.argv);
}

function run(flags: Flags): void {
  const started = performance.now();
  const files = sourcesOn(flags.split)
    .map((s) => s.file)
    .filter((f) => !flags.file || f === flags.file);
  const missing = files.filter((f) => !existsSync(join(CORPUS, f)));
  if (missing.length > 0) {
    process.stderr.write(`${missing.length} corpus file(s) missing (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}): run npm run sessions:corpus first\n`);
    process.exitCode = 2;
    return;
  }
  const plants = readPlants(join(ROOT, 'plants.json'));
  const figures: FileFigures[] = [];
  for (const file of files) {
    const raw = readFileSync(join(CORPUS, file), 'utf8');
    const t0 = performance.now();
    const check = checkSession(raw, join(CORPUS, file));
    const labels = readLabels(join(ROOT, 'labels', `${file}.jsonl`));
    const sample = sampleOf(check.findings, SAMPLE, SEED);
    if (flags.todo) printTodo(file, sample, labels);
    const mine = plants.filter((p) => p.file === file);
    const { caught, missed, plantedFindings } = plantsCaught(raw, mine, file);
    figures.push({ file, format: check.format, bytes: raw.length, outputs: check.outputs, findings: check.findings.length, ...labelFigures(sample, labels), planted: mine.length, caught, plantedFindings, missed, ms: performance.now() - t0 });
  }
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
    return;
  }
  printReport(figures, performance.now() - started);
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
function plantsCaught(raw: string, plants: readonly Plant[], file: string): { caught: number; plantedFindings: number; missed: { kind: string; replace: string }[] } {
  if (plants.length === 0) return { caught: 0, plantedFindings: 0, missed: [] };
  const copy = plantedCopy(raw, plants);
  const findings = checkSession(copy.raw, join(CORPUS, file)).findings;
  const missed: { kind: string; replace: string }[] = [];
  let caught = 0;
  copy.ranges.forEach(([s, e], i) => {
    if (findings.some((f) => f.raw[0] < e && f.raw[1] > s)) caught++;
    else missed.push({ kind: copy.plants[i].kind, replace: copy.plants[i].replace });
  });
  const plantedFindings = findings.filter((f) => copy.ranges.some(([s, e]) => f.raw[0] < e && f.raw[1] > s)).length;
  return { caught, plantedFindings, missed };
}

function printTodo(file: string, sample: readonly SessionFinding[], labels: Map<string, Label>): void {
  for (const f of sample) {
    if (labels.has(f.key)) continue;
    process.stdout.write(`${JSON.stringify({ file, key: f.key, line: f.line, text: f.text, type: f.type, status: f.status, detail: f.detail, around: f.around })}\n`);
  }
}

function printReport(figures: readonly FileFigures[], ms: number): void {
  const rows = figures.map((f) => [
    f.file.length > 44 ? `${f.file.slice(0, 43)}…` : f.file,
    f.format,
    kb(f.bytes),
    String(f.outputs),
    String(f.findings),
    `${f.labelled}/${f.sampled}`,
    precision(f.right, f.labelled),
    `${f.caught}/${f.planted}`,
    `${Math.round(f.ms)}`,
  ]);
  const total = figures.reduce(
    (a, f) => ({ outputs: a.outputs + f.outputs, findings: a.findings + f.findings, sampled: a.sampled + f.sampled, labelled: a.labelled + f.labelled, right: a.right + f.right, planted: a.planted + f.planted, caught: a.caught + f.caught, plantedFindings: a.plantedFindings + f.plantedFindings, bytes: a.bytes + f.bytes }),
    { outputs: 0, findings: 0, sampled: 0, labelled: 0, right: 0, planted: 0, caught: 0, plantedFindings: 0, bytes: 0 },
  );
  rows.push(['all', '', kb(total.bytes), String(total.outputs), String(total.findings), `${total.labelled}/${total.sampled}`, precision(total.right, total.labelled), `${total.caught}/${total.planted}`, `${Math.round(ms)}`]);
  const head = ['file', 'format', 'size', 'outputs', 'findings', 'labelled', 'precision', 'planted caught', 'ms'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
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
    `planted fabrications flagged: ${total.caught} of ${total.planted} (${total.planted === 0 ? '-' : `${Math.round((100 * total.caught) / total.planted)}%`})`,
  ];
  const categories: Record<string, number> = {};
  for (const f of figures) for (const [c, n] of Object.entries(f.wrongCategories)) categories[c] = (categories[c] ?? 0) + n;
  const wrong = Object.entries(categories).sort((a, b) => b[1] - a[1]);
  if (wrong.length > 0) out.push('', 'wrong findings by category:', ...wrong.map(([c, n]) => `  ${String(n).padStart(4)}  ${c}`));
  const missed = figures.flatMap((f) => f.missed.map((m) => `  ${f.file}: ${m.kind} ${JSON.stringify(m.replace.slice(0, 70))}`));
  if (missed.length > 0) out.push('', 'planted fabrications not flagged:', ...missed);
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
