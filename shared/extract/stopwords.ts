/**
 * The built-in English stopword list. Capitalized stopwords (`The`, `It`,
 * `And`) are never names, so proper-noun extraction skips them; callers may
 * replace the list (not extend it) through the `stopwords` option.
 */
// biome-ignore format: a list of words or values reads best packed
export const DEFAULT_STOPWORDS: readonly string[] = Object.freeze([
  'a', 'an', 'the',
  'i', 'you', 'he', 'she', 'it', 'we', 'they',
  'me', 'him', 'her', 'us', 'them',
  'my', 'your', 'his', 'its', 'our', 'their',
  'this', 'that', 'these', 'those',
  'and', 'or', 'but', 'if',
  'of', 'in', 'on', 'at', 'to', 'for', 'with', 'by', 'from',
  'is', 'was', 'are', 'be',
]);
