/**
 * The check command's flags, parsed and validated, and how they override the
 * project config: a flag given on the command line always wins.
 */
import { InvalidArgumentError } from 'commander';
import { ENTITY_TYPES, type EntityType } from '../../shared/classifier/types';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { FAIL_ON, type FailOn } from './summary';
import type { ShardSpec } from './shard/shardSpec';
import { isRuleId, PACKS, RULES, type RulePack } from '../../shared/classifier/rules';

export type ReportFormat = 'text' | 'json' | 'sarif' | 'html';

export interface CheckFlags {
  format: ReportFormat;
  failOn?: FailOn[];
  strict?: boolean;
  profile?: ProfileFlag;
  entityTypes?: EntityType[];
  minEntities?: number;
  maxSegments?: number;
  jobs: number;
  config?: string;
  echo?: boolean;
  /** false with --no-ignore. */
  ignore: boolean;
  /** Keep checking one file as it grows. */
  follow?: boolean;
  /** JSON: every place the context has an entity. */
  allLocations?: boolean;
  verbose?: boolean;
  allowOutsideRefs?: boolean;
  /** `--shard k/n`: check only that shard of the files. */
  shard?: ShardSpec;
  /** `--rule id=on|off`, repeated: each laid over the config's rules. */
  rule?: Record<string, 'on' | 'off'>;
}

export function parseEntityTypes(value: string): EntityType[] {
  const types: EntityType[] = [];
  for (const part of value.split(',')) {
    const t = part.trim();
    if (t === '') continue;
    if (!(ENTITY_TYPES as readonly string[]).includes(t)) {
      throw new InvalidArgumentError(`unknown entity type "${t}" (known: ${ENTITY_TYPES.join(', ')})`);
    }
    if (!types.includes(t as EntityType)) types.push(t as EntityType);
  }
  if (types.length === 0) throw new InvalidArgumentError('name at least one entity type');
  return types;
}

/** `--fail-on partial,budget`: one or more of the levels and `budget`. */
export function parseFailOn(value: string): FailOn[] {
  const out: FailOn[] = [];
  for (const part of value.split(',')) {
    const v = part.trim();
    if (v === '') continue;
    if (!(FAIL_ON as readonly string[]).includes(v)) throw new InvalidArgumentError(`expected ${FAIL_ON.join(', ')}, or several joined by commas`);
    if (!out.includes(v as FailOn)) out.push(v as FailOn);
  }
  if (out.length === 0) throw new InvalidArgumentError(`expected ${FAIL_ON.join(', ')}`);
  return out;
}

/** A named profile, or the refined profile with only the packs listed. */
export interface ProfileFlag {
  profile: GroundcheckSettings['profile'];
  packs?: RulePack[];
}

const PACK_IDS: readonly string[] = PACKS.map((p) => p.id);

/** `refined`, `spec`, or a list of packs (`core,prose,records`): a profile is a list of packs. */
export function parseProfile(value: string): ProfileFlag {
  if (value === 'refined' || value === 'spec') return { profile: value };
  const packs: RulePack[] = [];
  for (const part of value.split(',')) {
    const p = part.trim();
    if (p === '') continue;
    if (!PACK_IDS.includes(p))
      throw new InvalidArgumentError(`expected "refined", "spec" or packs joined by commas (${PACK_IDS.join(', ')}); "${p}" is none of them`);
    if (!packs.includes(p as RulePack)) packs.push(p as RulePack);
  }
  if (packs.length === 0) throw new InvalidArgumentError('expected "refined", "spec" or a list of packs');
  return { profile: 'refined', packs };
}

/** `--rule file-lines=on`, given once per rule; the states collect into one record. */
export function parseRule(value: string, previous: Record<string, 'on' | 'off'> = {}): Record<string, 'on' | 'off'> {
  const eq = value.indexOf('=');
  const id = (eq < 0 ? value : value.slice(0, eq)).trim();
  const state = eq < 0 ? '' : value.slice(eq + 1).trim();
  if (!isRuleId(id)) throw new InvalidArgumentError(`unknown rule "${id}" (\`groundcheck rules\` lists ${RULES.length})`);
  if (state !== 'on' && state !== 'off') throw new InvalidArgumentError(`expected ${id}=on or ${id}=off`);
  return { ...previous, [id]: state };
}

export function parseCount(min: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min) {
      throw new InvalidArgumentError(`expected a whole number of at least ${min}`);
    }
    return n;
  };
}

/** The config's settings with every flag that was given laid over them. */
export function applyFlags(settings: GroundcheckSettings, flags: CheckFlags): GroundcheckSettings {
  return {
    ...settings,
    ...(flags.strict !== undefined ? { strict: flags.strict } : {}),
    ...(flags.profile !== undefined ? { profile: flags.profile.profile, packs: flags.profile.packs } : {}),
    ...(flags.entityTypes !== undefined ? { entityTypes: flags.entityTypes } : {}),
    ...(flags.minEntities !== undefined ? { minEntities: flags.minEntities } : {}),
    ...(flags.maxSegments !== undefined ? { maxSegments: flags.maxSegments } : {}),
    ...(flags.echo !== undefined ? { modelOutputsAsContext: flags.echo } : {}),
    ...(flags.rule !== undefined ? { rules: { ...settings.rules, ...flags.rule } } : {}),
  };
}
