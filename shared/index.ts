/**
 * The public API of the classifier core, for the CLI, the language server and
 * anyone embedding groundcheck: classify one output against a context, or
 * against a prebuilt multi-part context index.
 */
export { classify, classifyAgainst, type ClassifyAgainstOptions } from './pipeline/classify';
export { ContextIndex, type FindOptions } from './lookup/contextIndex';
export { normalizeForm, normalizeWithMap, type NormalizeOptions, type NormalizedText } from './text/normalize';
export * from './classifier/types';
