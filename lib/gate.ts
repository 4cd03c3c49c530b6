/**
 * A gate for agent code: one call per output, answering pass, flag or block.
 * What blocks is the caller's policy; by default nothing does, because no
 * verdict is right often enough to stop an agent on its own (docs/agents.md
 * gives the measured precision): findings flag, and the caller decides.
 */
import { RULES } from '../shared/classifier/rules';
import { checkOutput } from './checkOutput';
import type { Finding, FindingVerdict, Gate, GateOptions, GatePolicy, GateResult, GateVerdict } from './types';

const VERDICTS: readonly FindingVerdict[] = ['unverified', 'contradicted', 'misattributed'];

export function createGate(options: GateOptions = {}): Gate {
  const { block, ...check } = options;
  const judge = gatePolicy({ block });
  // Bad check options fail here, when the gate is made, not at the first output.
  checkOutput('', '', check);
  return (output, context): GateResult => {
    const result = checkOutput(output, context, check);
    return { ...judge(result.findings), findings: result.findings, level: result.level, score: result.score, explanation: result.explanation };
  };
}

/** The policy as a judge of findings, checked once: an unknown verdict or rule is the caller's mistake, said when the gate is made. */
export function gatePolicy(policy: GatePolicy): (findings: readonly Finding[]) => { verdict: GateVerdict; blocking: Finding[] } {
  const verdicts = new Set(policy.block?.verdicts ?? []);
  const rules = new Set(policy.block?.rules ?? []);
  for (const v of verdicts) if (!VERDICTS.includes(v)) throw new RangeError(`block.verdicts: unknown verdict '${v}' (known: ${VERDICTS.join(', ')})`);
  for (const r of rules) if (!RULES.some((known) => known.id === r)) throw new RangeError(`block.rules: unknown rule '${r}' (groundcheck rules lists them)`);
  return (findings) => {
    const blocking = findings.filter((f) => verdicts.has(f.verdict) || rules.has(f.rule));
    return { verdict: blocking.length > 0 ? 'block' : findings.length > 0 ? 'flag' : 'pass', blocking };
  };
}
