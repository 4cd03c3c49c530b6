/**
 * Classifier options with their defaults applied and checked, so the rest of
 * the classifier reads plain values and bad input fails loudly in one place.
 */
import { ALL_RULES_ON, isRuleId, RULES, type RuleSwitch } from './rules';
import { ENTITY_TYPES, type ClassifyOptions, type EntityType, type Profile } from './types';

export interface ResolvedOptions {
  strict: boolean;
  minEntities: number;
  /** The entity types that count. */
  entityTypes: ReadonlySet<EntityType>;
  /** Undefined means the built-in list. */
  stopwords: readonly string[] | undefined;
  profile: Profile;
  /** Refined profile: also look numbers up with continental separators (`1.234,56`). */
  localeSeparators: boolean;
  /** Refined profile: also look quarters up in words (`third quarter`). */
  quarterNames: boolean;
  /** Whether a rule runs. */
  ruleOn: RuleSwitch;
}

const KNOWN_TYPES: ReadonlySet<string> = new Set(ENTITY_TYPES);
/** Every type, shared by all calls that count every type (read-only, so one set serves them all). */
const ALL_TYPES: ReadonlySet<EntityType> = new Set(ENTITY_TYPES);

export function resolveOptions(options: ClassifyOptions = {}): ResolvedOptions {
  const minEntities = options.minEntities ?? 1;
  if (!Number.isInteger(minEntities) || minEntities < 0) {
    throw new RangeError(`minEntities must be a whole number ≥ 0, got ${String(minEntities)}`);
  }
  return {
    strict: options.strict ?? false,
    minEntities,
    entityTypes: resolveEntityTypes(options.entityTypes),
    stopwords: options.stopwords,
    profile: resolveProfile(options.profile),
    localeSeparators: options.localeSeparators ?? false,
    quarterNames: options.quarterNames ?? false,
    ruleOn: resolveRules(options.rules),
  };
}

function resolveRules(rules: Readonly<Record<string, string>> | undefined): RuleSwitch {
  if (rules === undefined) return ALL_RULES_ON;
  const off = new Set<string>();
  for (const [id, state] of Object.entries(rules)) {
    if (!isRuleId(id)) throw new RangeError(`unknown rule '${id}' (known: ${RULES.map((r) => r.id).join(', ')})`);
    if (state !== 'on' && state !== 'off') throw new RangeError(`rule '${id}' must be 'on' or 'off', got '${String(state)}'`);
    if (state === 'off') off.add(id);
  }
  return off.size === 0 ? ALL_RULES_ON : (id) => !off.has(id);
}

function resolveProfile(profile: string | undefined): Profile {
  if (profile === undefined || profile === 'spec' || profile === 'refined') return profile ?? 'spec';
  throw new RangeError(`unknown profile '${profile}' (known: spec, refined)`);
}

function resolveEntityTypes(types: readonly string[] | undefined): ReadonlySet<EntityType> {
  if (types === undefined || types.includes('all')) return ALL_TYPES;
  for (const t of types) {
    if (!KNOWN_TYPES.has(t)) {
      throw new RangeError(`unknown entity type '${t}' (known: ${ENTITY_TYPES.join(', ')}, all)`);
    }
  }
  return new Set(types as readonly EntityType[]);
}
