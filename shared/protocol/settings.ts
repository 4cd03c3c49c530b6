/**
 * The one typed settings object shared by the language server, the VS Code
 * client (which declares the same keys under `groundcheck.*` in package.json)
 * and the CLI's project config. Read per resource; never cached in globals.
 */
import type { EntityType, Profile } from '../classifier/types';
import type { RulePack } from '../classifier/rules';
import { DEFAULT_MAX_SEGMENTS } from '../transcript/model';

export type SeveritySetting = 'error' | 'warning' | 'information' | 'hint' | 'off';

export interface GroundcheckSettings {
  /** Case-sensitive, token-boundary, single-sentence lookups. */
  strict: boolean;
  /** Outputs with fewer entities are INDETERMINATE. */
  minEntities: number;
  /** Entity types that are checked; empty means all. */
  entityTypes: EntityType[];
  /** Replaces the built-in stopword list for proper nouns; null keeps it. */
  stopwords: string[] | null;
  /** Diagnostic severity per entity type; 'off' hides that type. */
  severity: Record<EntityType, SeveritySetting>;
  /** Whether the model's own earlier outputs and tool-call arguments ground later outputs. */
  modelOutputsAsContext: boolean;
  /** Files larger than this are not checked (the status item says so). */
  maxFileSizeMB: number;
  /** At most this many segments (messages, tool calls, rows' fields) per file are checked; the rest is a located error. */
  maxSegments: number;
  /** At most this many diagnostics per file, most important first ("N of M shown"). */
  maxDiagnosticsPerFile: number;
  /** Re-check as you type or only on save. */
  run: 'onType' | 'onSave';
  /** `refined` (claims only, equivalent spellings, contradictions) or the plain SHOR rules, `spec`. */
  profile: Profile;
  /** Refined profile: the packs of rules it runs (a profile is a list of packs); unset or empty, every pack. */
  packs?: RulePack[];
  /** Classifier rules turned off (or back on) by id; `groundcheck rules` lists them. */
  rules: Record<string, 'on' | 'off'>;
  /** The editor shows each model call's token counts beside its turn, where the file records them. */
  usageLens: boolean;
  /**
   * Soft and hard limits on a session's tokens and API-equivalent cost (US
   * dollars at the shipped price table); null, no limit. The turn that takes
   * the session past one gets a diagnostic (see shared/usage/budget.ts).
   */
  budget: {
    tokens: { soft: number | null; hard: number | null };
    cost: { soft: number | null; hard: number | null };
  };
}

export const DEFAULT_SETTINGS: GroundcheckSettings = {
  strict: false,
  minEntities: 1,
  entityTypes: [],
  stopwords: null,
  severity: {
    number: 'warning',
    date: 'warning',
    identifier: 'warning',
    quoted_string: 'warning',
    citation: 'information',
    url: 'warning',
    proper_noun: 'information',
    status: 'warning',
  },
  modelOutputsAsContext: false,
  maxFileSizeMB: 50,
  maxSegments: DEFAULT_MAX_SEGMENTS,
  maxDiagnosticsPerFile: 500,
  run: 'onType',
  profile: 'refined',
  packs: [],
  rules: {},
  usageLens: true,
  budget: { tokens: { soft: null, hard: null }, cost: { soft: null, hard: null } },
};
