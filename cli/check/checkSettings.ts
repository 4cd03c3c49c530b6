/**
 * The settings a check run uses are the extension's settings object (from
 * the project config, then overridden by command-line flags); this turns
 * them into the classifier's options.
 */
import type { ClassifyOptions, EntityType } from '../../shared/classifier/types';
import { DEFAULT_SETTINGS, type GroundcheckSettings } from '../../shared/protocol/settings';

/** A fresh copy of the defaults, safe to modify. */
export function defaultSettings(): GroundcheckSettings {
  return { ...DEFAULT_SETTINGS, severity: { ...DEFAULT_SETTINGS.severity }, rules: { ...DEFAULT_SETTINGS.rules } };
}

/** What the classifier needs from the settings (an empty type list means every type). */
export function classifyOptionsOf(settings: GroundcheckSettings): ClassifyOptions & { echo: boolean } {
  const entityTypes: readonly EntityType[] | readonly ['all'] = settings.entityTypes.length === 0 ? ['all'] : settings.entityTypes;
  return {
    strict: settings.strict,
    minEntities: settings.minEntities,
    entityTypes,
    ...(settings.stopwords ? { stopwords: settings.stopwords } : {}),
    echo: settings.modelOutputsAsContext,
    profile: settings.profile,
    ...(settings.packs !== undefined ? { packs: settings.packs } : {}),
    ...(Object.keys(settings.rules).length > 0 ? { rules: settings.rules } : {}),
  };
}
