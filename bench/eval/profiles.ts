/**
 * Classifier option profiles the eval can run and compare. A profile is a
 * name, a one-line description and the ClassifyOptions it passes; detection
 * rules that are not yet on by default get their own profile here so their
 * effect can be measured against the plain spec side by side.
 */
import type { ClassifyOptions } from '../../shared/classifier/types';

export interface EvalProfile {
  name: string;
  description: string;
  options: ClassifyOptions;
}

export const PROFILES: Record<string, EvalProfile> = {
  spec: {
    name: 'spec',
    description: 'the plain SHOR rules with default options (lenient lookups, minEntities 1, every type)',
    options: {},
  },
  strict: {
    name: 'strict',
    description: 'the SHOR rules with strict lookups (case-sensitive, whole tokens, one sentence)',
    options: { strict: true },
  },
  refined: {
    name: 'refined',
    description: 'claims only, equivalent spellings, unit-aware numbers, named citations, contradictions (shared/refine)',
    options: { profile: 'refined' },
  },
};

export function profileNamed(name: string): EvalProfile {
  const p = Object.prototype.hasOwnProperty.call(PROFILES, name) ? PROFILES[name] : undefined;
  if (!p) throw new Error(`unknown profile "${name}" (known: ${Object.keys(PROFILES).join(', ')})`);
  return p;
}
