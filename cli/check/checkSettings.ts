/**
 * The settings a check run uses: the extension's settings object (from the
 * project config, then overridden by command-line flags), turned into the
 * classifier's options. Kept as plain data so it crosses to worker threads.
 */
import type { ClassifyOptions, EntityType } from '../../shared/classifier/types';
import { DEFAULT_SETTINGS, type GroundcheckSettings } from '../../shared/protocol/settings';

export interface CheckSettings {
  settings: GroundcheckSettings;
  /** The workspace folder whose `.groundcheck/ignore.json` applies, if any. */
  ignoreRoot?: string;
}

export function defaultCheckSettings(): CheckSettings {
  return { settings: { ...DEFAULT_SETTINGS, severity: { ...DEFAULT_SETTINGS.severity } } };
}

/** What the classifier needs from the settings (an empty type list means every type). */
export function classifyOptionsOf(settings: GroundcheckSettings): ClassifyOptions & { echo: boolean } {
  const entityTypes: readonly EntityType[] | readonly ['all'] =
    settings.entityTypes.length === 0 ? ['all'] : settings.entityTypes;
  return {
    strict: settings.strict,
    minEntities: settings.minEntities,
    entityTypes,
    ...(settings.stopwords ? { stopwords: settings.stopwords } : {}),
    echo: settings.modelOutputsAsContext,
  };
}
