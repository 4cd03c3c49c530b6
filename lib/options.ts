/**
 * The library's options turned into the classifier's: the refined profile by
 * default, as the CLI and the editor use it. Bad values fail here with the
 * classifier's own messages (unknown rule, entity type or profile).
 */
import type { ClassifyOptions } from '../shared/classifier/types';
import { resolveOptions } from '../shared/pipeline/options';
import type { CheckOptions } from './types';

export function classifyOptions(options: CheckOptions = {}): ClassifyOptions {
  if (options === null || typeof options !== 'object') throw new TypeError('options must be an object');
  const out: ClassifyOptions = {
    profile: options.profile ?? 'refined',
    strict: options.strict ?? false,
    minEntities: options.minEntities ?? 1,
    entityTypes: options.entityTypes === undefined || options.entityTypes.length === 0 ? ['all'] : options.entityTypes,
    ...(options.stopwords ? { stopwords: options.stopwords } : {}),
    ...(options.rules && Object.keys(options.rules).length > 0 ? { rules: options.rules } : {}),
    ...(options.packs !== undefined ? { packs: [...options.packs] } : {}),
  };
  // Checked now, so a bad option is the caller's error before any text is read.
  resolveOptions(out);
  return out;
}
