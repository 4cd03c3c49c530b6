/**
 * `groundcheck rules [--json | --markdown]`: the classifier's rules in the
 * order they run, each with its stage, pack and what it checks — the ids
 * that findings name and that `rules` in the config or `--rule` turns on or
 * off. The table marks the rules that do not flag in an agent's turn unless
 * turned on, so a user can see what is silent there without reading docs.
 */
import type { Command } from 'commander';
import { PACKS, RULES, type RuleDoc } from '../../shared/classifier/rules';
import { rulesMarkdown } from '../../shared/docs/rulesMarkdown';

export function registerRules(program: Command): void {
  program
    .command('rules')
    .description('List the classifier rules that findings name and the config or --rule can turn on or off.')
    .option('--json', 'the rules with their docs and examples as JSON')
    .option('--markdown', 'the rules page (docs/rules.md)')
    .action((flags: { json?: boolean; markdown?: boolean }) => {
      if (flags.json)
        process.stdout.write(
          JSON.stringify(
            RULES.map((r) => ({ ...r, runs: packRuns(r.pack) })),
            null,
            2,
          ) + '\n',
        );
      else if (flags.markdown) process.stdout.write(rulesMarkdown());
      else process.stdout.write(rulesTable());
    });
}

function rulesTable(): string {
  const width = Math.max(...RULES.map((r) => r.id.length));
  const stageWidth = Math.max(...RULES.map((r) => r.stage.length));
  const mark = (r: RuleDoc) => (r.agentTurns === 'off' ? '*' : ' ');
  const rules = (RULES as readonly RuleDoc[]).map((r) => `${r.id.padEnd(width)}  ${r.stage.padEnd(stageWidth)}  ${r.pack.padEnd(7)}  ${mark(r)} ${r.summary}`);
  const packs = PACKS.map((p) => `${p.id.padEnd(7)}  ${p.runs}`);
  const legend =
    '* does not flag in an agent\'s turn unless turned on (--rule ID=on, or "rules" in the config); `groundcheck rules --markdown` says what each measured.';
  return [...rules, '', legend, '', 'Where each pack runs (a profile is a list of packs: --profile core,prose,records):', ...packs].join('\n') + '\n';
}

function packRuns(pack: string): string {
  return PACKS.find((p) => p.id === pack)?.runs ?? '';
}
