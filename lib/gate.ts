/**
 * A gate for agent code: one call per output, answering pass, flag or block.
 * What blocks is the caller's policy; by default nothing does, because no
 * verdict is right often enough to stop an agent on its own (docs/agents.md
 * gives the measured precision): findings flag, and the caller decides.
 */
import { checkOutput } from './checkOutput';
import type { FindingVerdict, Gate, GateOptions, GateResult } from './types';
import { RULES } from '../shared/classifier/rules';

const VERDICTS: readonly FindingVerdict[] = ['unverified', 'contradicted', 'misattributed'];

export function createGate(options: GateOptions = {}): Gate {
  const { block, ...check } = options;
  const verdicts = new Set(block?.verdicts ?? []);
  const rules = new Set(block?.rules ?? []);
  for (const v of verdicts) if (!VERDICTS.includes(v)) throw new RangeError(`block.verdicts: unknown verdict '${v}' (known: ${VERDICTS.join(', ')})`);
  for (const r of rules) if (!RULES.some((known) => known.id === r)) throw new RangeError(`block.rules: unknown rule '${r}' (groundcheck rules lists them)`);
  // Bad check options fail here, when the gate is made, not at the first output.
  checkOutput('', '', check);
  return (output, context): GateResult => {
    const result = checkOutput(output, context, check);
    const blocking = result.findings.filter((f) => verdicts.has(f.verdict) || rules.has(f.rule));
    return {
      verdict: blocking.length > 0 ? 'block' : result.findings.length > 0 ? 'flag' : 'pass',
      findings: result.findings,
      blocking,
      level: result.level,
      score: result.score,
      explanation: result.explanation,
    };
  };
}
