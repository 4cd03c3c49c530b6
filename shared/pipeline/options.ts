/**
 * Classifier options with their defaults applied and checked, so the rest of
 * the classifier reads plain values and bad input fails loudly in one place.
 */
import { ALL_RULES_ON, isRuleId, PACKS, RULES, type RuleDoc, type RulePack, type RuleSwitch } from '../classifier/rules';
import { ENTITY_TYPES, type ClassifyOptions, type EntityType, type Profile } from '../classifier/types';

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
  /** Rules the user turned on or off by id; the others keep their defaults. */
  rules: ReadonlyMap<string, 'on' | 'off'>;
  /** Refined profile: the packs of rules it runs (core always among them). */
  packs: ReadonlySet<RulePack>;
}

/** What an output's context holds, which decides where the code and records packs run (see PACKS). */
export interface PackScope {
  /** The output is an agent's turn: a coding agent's format, or a log with tool calls. */
  agentTurn: boolean;
  /** A part of the context the output could see is a structured record. */
  records: boolean;
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
    rules: resolveRules(options.rules),
    packs: resolvePacks(options.packs),
  };
}

const PACK_IDS: readonly string[] = PACKS.map((p) => p.id);
/** The refined profile: every pack. */
const ALL_PACKS: ReadonlySet<RulePack> = new Set(PACKS.map((p) => p.id));

/** A profile is a list of packs; core is the lookup itself, so every list has it. No list, or an empty one, is every pack. */
function resolvePacks(packs: readonly string[] | undefined): ReadonlySet<RulePack> {
  if (packs === undefined || packs.length === 0) return ALL_PACKS;
  for (const p of packs) if (!PACK_IDS.includes(p)) throw new RangeError(`unknown pack '${p}' (known: ${PACK_IDS.join(', ')})`);
  return new Set(['core', ...packs] as RulePack[]);
}

const NO_RULES: ReadonlyMap<string, 'on' | 'off'> = new Map();

function resolveRules(rules: Readonly<Record<string, string>> | undefined): ReadonlyMap<string, 'on' | 'off'> {
  if (rules === undefined) return NO_RULES;
  const out = new Map<string, 'on' | 'off'>();
  for (const [id, state] of Object.entries(rules)) {
    if (!isRuleId(id)) throw new RangeError(`unknown rule '${id}' (known: ${RULES.map((r) => r.id).join(', ')})`);
    if (state !== 'on' && state !== 'off') throw new RangeError(`rule '${id}' must be 'on' or 'off', got '${String(state)}'`);
    out.set(id, state);
  }
  return out;
}

/**
 * Whether each rule runs for one output: as the user set it, else its
 * default: off when its pack is not in the profile or does not run on this
 * output (code outside an agent's turn, records without a record in the
 * context), and for some rules off in an agent's turn (see RuleDoc).
 */
export function ruleSwitch(resolved: ResolvedOptions, scope: PackScope): RuleSwitch {
  const runs = (pack: RulePack) => resolved.packs.has(pack) && (pack === 'code' ? scope.agentTurn : pack === 'records' ? scope.records : true);
  const off = new Set<string>();
  for (const rule of RULES as readonly RuleDoc[]) {
    const set = resolved.rules.get(rule.id);
    const on = set !== undefined ? set === 'on' : runs(rule.pack) && !(scope.agentTurn && rule.agentTurns === 'off');
    if (!on) off.add(rule.id);
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
