/**
 * Settings per document, pulled with `workspace/configuration` (section
 * `groundcheck`) and cached per URI until the client says they changed.
 * Whatever the client sends is merged over the defaults field by field, so a
 * partial or mistyped configuration still yields a complete settings object.
 */
import { isRuleId, PACKS, type RulePack } from '../../shared/classifier/rules';
import type { Connection } from 'vscode-languageserver/node';
import { ENTITY_TYPES, type EntityType } from '../../shared/classifier/types';
import { DEFAULT_SETTINGS, type GroundcheckSettings, type SeveritySetting } from '../../shared/protocol/settings';

const SEVERITIES: ReadonlySet<string> = new Set(['error', 'warning', 'information', 'hint', 'off']);

export class SettingsCache {
  private readonly cache = new Map<string, Promise<GroundcheckSettings>>();

  constructor(
    private readonly connection: Connection,
    private readonly canPull: () => boolean,
  ) {}

  get(uri: string): Promise<GroundcheckSettings> {
    if (!this.canPull()) return Promise.resolve(DEFAULT_SETTINGS);
    const cached = this.cache.get(uri);
    if (cached) return cached;
    const pulled = this.connection.workspace.getConfiguration({ scopeUri: uri, section: 'groundcheck' }).then(resolveSettings, () => DEFAULT_SETTINGS);
    this.cache.set(uri, pulled);
    return pulled;
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }

  clear(): void {
    this.cache.clear();
  }
}

export function resolveSettings(raw: unknown): GroundcheckSettings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Partial<Record<keyof GroundcheckSettings, unknown>> & Record<string, unknown>;
  const d = DEFAULT_SETTINGS;
  const severity = { ...d.severity };
  if (r.severity && typeof r.severity === 'object') {
    for (const [k, v] of Object.entries(r.severity)) {
      if ((ENTITY_TYPES as readonly string[]).includes(k) && typeof v === 'string' && SEVERITIES.has(v)) {
        severity[k as EntityType] = v as SeveritySetting;
      }
    }
  }
  return {
    // Defaults first, so keys this reader does not know yet still get their default.
    ...d,
    ...knownProfile(r),
    ...knownPacks(r.packs),
    strict: typeof r.strict === 'boolean' ? r.strict : d.strict,
    minEntities: positiveInt(r.minEntities, d.minEntities),
    entityTypes: Array.isArray(r.entityTypes) ? r.entityTypes.filter((t): t is EntityType => (ENTITY_TYPES as readonly string[]).includes(t)) : d.entityTypes,
    stopwords: Array.isArray(r.stopwords) ? r.stopwords.filter((w): w is string => typeof w === 'string') : d.stopwords,
    severity,
    modelOutputsAsContext: typeof r.modelOutputsAsContext === 'boolean' ? r.modelOutputsAsContext : d.modelOutputsAsContext,
    maxFileSizeMB: typeof r.maxFileSizeMB === 'number' && r.maxFileSizeMB > 0 ? r.maxFileSizeMB : d.maxFileSizeMB,
    maxDiagnosticsPerFile: positiveInt(r.maxDiagnosticsPerFile, d.maxDiagnosticsPerFile),
    maxSegments: positiveInt(r.maxSegments, d.maxSegments),
    run: r.run === 'onSave' || r.run === 'onType' ? r.run : d.run,
    rules: knownRules(r.rules),
    usageLens: typeof r.usageLens === 'boolean' ? r.usageLens : d.usageLens,
    budget: knownBudget(r.budget),
  };
}

/** The packs a client lists, keeping only known ones; none listed (or none known) runs every pack. */
function knownPacks(v: unknown): Partial<GroundcheckSettings> {
  if (!Array.isArray(v)) return {};
  const packs = v.filter((p): p is RulePack => typeof p === 'string' && PACKS.some((k) => k.id === p));
  return packs.length > 0 ? { packs } : {};
}

/** The rules a client turns on or off, keeping only known ids and states (an unknown one must not stop every check). */
function knownRules(v: unknown): Record<string, 'on' | 'off'> {
  const out: Record<string, 'on' | 'off'> = {};
  if (!v || typeof v !== 'object' || Array.isArray(v)) return out;
  for (const [id, state] of Object.entries(v)) {
    if (isRuleId(id) && (state === 'on' || state === 'off')) out[id] = state;
  }
  return out;
}

/** Each limit a client sets to a number above 0 (a whole one for tokens); anything else is no limit. */
function knownBudget(v: unknown): GroundcheckSettings['budget'] {
  const limits = (kind: unknown, whole: boolean) => {
    const k = (kind && typeof kind === 'object' ? kind : {}) as Record<string, unknown>;
    const limit = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x > 0 && (!whole || Number.isSafeInteger(x)) ? x : null);
    return { soft: limit(k.soft), hard: limit(k.hard) };
  };
  const b = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return { tokens: limits(b.tokens, true), cost: limits(b.cost, false) };
}

function positiveInt(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fallback;
}

/** The classifier profile when the client names a known one ('spec' or 'refined'). */
function knownProfile(r: Record<string, unknown>): Partial<GroundcheckSettings> {
  return r.profile === 'spec' || r.profile === 'refined' ? { profile: r.profile } : {};
}
