/**
 * `npm run eval -- DATA.jsonl [--profile NAME | --compare A,B] [--json] [--dump-fp FILE]`:
 * how well the classifier's flags line up with RAGTruth's human hallucination
 * spans, at response, entity, gold-span and character level, overall and per
 * task, next to the always-flag baseline computed on the same records and the
 * published reference points.
 */
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { evaluate } from './eval/evaluate';
import { falsePositivesOf, type FalsePositive } from './eval/falsePositives';
import { type EvalFigures, figuresOf } from './eval/figures';
import { compareReport, profileReport, referenceReport } from './eval/printReport';
import { profileNamed } from './eval/profiles';
import { readRagTruth } from './eval/ragtruth';
import { ALWAYS_FLAG_TEST_F1, REFERENCE_POINTS } from './eval/references';

interface EvalFlags {
  profile: string;
  compare?: string;
  json?: boolean;
  dumpFp?: string;
}

function main(): void {
  const program = new Command('eval')
    .argument('<data>', 'RAGTruth JSON Lines (id, task_type, query, context, output, labels)')
    .option('--profile <name>', 'classifier options profile', 'spec')
    .option('--compare <names>', 'comma-separated profiles to run and show side by side')
    .option('--json', 'print the figures as JSON')
    .option('--dump-fp <file>', 'write false-positive entities as JSON Lines')
    .action((data: string, flags: EvalFlags) => run(data, flags));
  program.parse(process.argv);
}

function run(data: string, flags: EvalFlags): void {
  const records = readRagTruth(data);
  const profiles = (flags.compare ? flags.compare.split(',') : [flags.profile]).map((n) => profileNamed(n.trim()));
  const figures: EvalFigures[] = [];
  const dump: FalsePositive[] = [];
  for (const profile of profiles) {
    const scores = evaluate(records, profile, flags.dumpFp ? (o) => dump.push(...falsePositivesOf(o, profile.name)) : undefined);
    figures.push(figuresOf(scores));
  }
  if (flags.dumpFp) writeFileSync(flags.dumpFp, dump.map((d) => JSON.stringify(d)).join('\n') + (dump.length ? '\n' : ''));
  if (flags.json) {
    process.stdout.write(
      JSON.stringify(
        { data, records: records.length, profiles: figures, references: { alwaysFlagTest: ALWAYS_FLAG_TEST_F1, points: REFERENCE_POINTS } },
        null,
        2,
      ) + '\n',
    );
    return;
  }
  let out = `RAGTruth eval: ${data}, ${records.length} responses\n`;
  out += 'Context per response: the query and the source material, as two parts.\n';
  for (const f of figures) {
    out += `\n=== profile ${f.profile}: ${profileNamed(f.profile).description} (classification ${(f.classifyMs / 1000).toFixed(1)} s)\n\n`;
    out += profileReport(f);
  }
  if (figures.length > 1) out += `\n=== side by side\n\n${compareReport(figures)}`;
  out += `\n${referenceReport()}`;
  if (flags.dumpFp) out += `\n${dump.length} false-positive entities written to ${flags.dumpFp}\n`;
  process.stdout.write(out);
}

main();
