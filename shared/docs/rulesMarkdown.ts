/**
 * docs/rules.md, written from the rule catalogue (shared/classifier/rules.ts)
 * so the page cannot drift from the rules: `groundcheck rules --markdown`
 * prints it, and a test fails when the committed page differs.
 */
import { PACKS, RULES, type RuleDoc, type RuleExample, type RuleStage } from '../classifier/rules';

const STAGES: readonly { stage: RuleStage; title: string }[] = [
  { stage: 'sentences', title: 'Which sentences are claims' },
  { stage: 'extract', title: 'Claims beyond the plain extraction' },
  { stage: 'not-a-claim', title: 'Not claims' },
  { stage: 'lookup', title: 'The lookup' },
  { stage: 'equivalence', title: 'The same value in another form' },
  { stage: 'verdict', title: 'Verdicts beyond found and not found' },
  { stage: 'context', title: 'What the context lacks' },
];

export function rulesMarkdown(): string {
  const out = [
    '# Rules',
    '',
    '<!-- Written by `groundcheck rules --markdown` from shared/classifier/rules.ts; edit that file, not this one. -->',
    '',
    'Every finding names the rule that decided it: in the hover, in `--format json` (`rule`), in SARIF',
    '(`ruleId`) and at the end of each line of the text report. A rule is turned on or off by id, in',
    "`groundcheck.config.json` or the editor's `groundcheck.rules` setting:",
    '',
    '```json',
    '{ "rules": { "file-lines": "on", "inline-code": "off" } }',
    '```',
    '',
    'A finding whose rule is off is left unchecked (indeterminate, with what the rule found and the',
    'reason), and a rule that grounds or refines a value simply does not run. Some rules do not flag in',
    "an agent's turn unless turned on: each says what it measured on real sessions. Rules are grouped",
    'by stage, and stages run in the order below.',
    '',
    '## Packs',
    '',
    'Each rule belongs to a pack, which says what it understands and so where it runs. A profile is a',
    'list of packs: `--profile refined` (the default) is every pack, `--profile core,prose,records`',
    'leaves the code pack out (core is always in). A rule turned on by id runs wherever its pack does',
    'not.',
    '',
    '| pack | what its rules understand | where it runs |',
    '| --- | --- | --- |',
    ...PACKS.map((p) => `| \`${p.id}\` | ${p.summary} | ${p.runs} |`),
    '',
  ];
  for (const { stage, title } of STAGES) {
    const rules = RULES.filter((r) => r.stage === stage);
    if (rules.length === 0) continue;
    out.push(`## ${title}`, '');
    for (const r of rules) out.push(...ruleSection(r));
  }
  return out.join('\n');
}

function ruleSection(r: RuleDoc): string[] {
  const lines = [`### ${r.id}`, '', `*${r.stage}, ${r.pack} pack.* ${r.summary}`, '', r.doc, ''];
  if (r.agentTurns === 'off') {
    lines.push(
      `**Does not flag in an agent's turn** unless turned on (\`"${r.id}": "on"\`); its findings there are indeterminate, with the reason. ${r.measured ?? ''}`.trimEnd(),
      '',
    );
  }
  for (const e of r.examples) lines.push(...exampleLines(e), '');
  return lines;
}

function exampleLines(e: RuleExample): string[] {
  const lines: string[] = [];
  if (e.session) {
    lines.push('Session:', '');
    for (const step of e.session) {
      if ('user' in step) lines.push(`- user: ${step.user}`);
      else if ('read' in step) lines.push(`- read \`${step.read.path}\` (${step.read.lines.length} lines)`);
      else if ('bash' in step) lines.push(`- ran \`${step.bash.command}\`: ${step.bash.output}`);
      else if ('edit' in step) lines.push(`- edited \`${step.edit.path}\`: \`${step.edit.old}\` → \`${step.edit.new}\``);
      else lines.push(`- agent: ${step.say}`);
    }
    lines.push('');
  } else {
    lines.push(`Context: ${quote(e.context ?? '')}`, '', `Output: ${quote(e.output ?? '')}`, '');
  }
  const said: string[] = [];
  if (e.flags && e.flags.length > 0) said.push(`flags ${e.flags.map(code).join(', ')}`);
  if (e.grounds && e.grounds.length > 0) said.push(`grounds ${e.grounds.map(code).join(', ')}`);
  if (e.skips && e.skips.length > 0) said.push(`does not check ${e.skips.map(code).join(', ')}`);
  if (e.passes && e.passes.length > 0) said.push(`leaves ${e.passes.map(code).join(', ')} unflagged`);
  if (said.length > 0) lines.push(`The rule ${said.join('; ')}.`);
  return lines;
}

function quote(text: string): string {
  return `“${text.replace(/\n/g, ' ⏎ ')}”`;
}

function code(text: string): string {
  return `\`${text}\``;
}
