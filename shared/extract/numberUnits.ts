/**
 * Decides whether the word after a number is its unit (`47 customers`,
 * `330 metres`, `5 GB`) and so belongs to the number entity. A unit is a
 * plural noun (`customers`, `days`), a short or irregular unit (`km`,
 * `people`), or any noun after `1` (`1 customer`); never a function word
 * that merely follows the number (`47 from`, `3 and`, `12 was`). Requiring
 * the plural keeps adjectives and verbs out (`5 major cities` is `5`,
 * `12 responded` is `12`), so a context that words the count differently
 * can still match the bare figure.
 */

// biome-ignore format: a list of words or values reads best packed
const FUNCTION_WORDS = new Set([
  // determiners and pronouns
  'a', 'an', 'the', 'this', 'that', 'these', 'those', 'each', 'every', 'all', 'some', 'any', 'no', 'other', 'another',
  'it', 'its', 'he', 'she', 'we', 'they', 'you', 'i', 'me', 'him', 'her', 'us', 'them', 'my', 'your', 'our', 'their', 'his',
  'which', 'who', 'whom', 'whose', 'what',
  // prepositions
  'of', 'in', 'on', 'at', 'to', 'for', 'with', 'by', 'from', 'into', 'onto', 'over', 'under', 'per', 'about', 'after',
  'before', 'between', 'through', 'during', 'since', 'until', 'till', 'than', 'as', 'via', 'across', 'against', 'among',
  'around', 'behind', 'below', 'above', 'beneath', 'beside', 'beyond', 'inside', 'near', 'off', 'out', 'outside', 'past',
  'toward', 'towards', 'upon', 'within', 'without', 'versus', 'vs', 'up', 'down',
  // conjunctions
  'and', 'or', 'but', 'nor', 'so', 'yet', 'if', 'then', 'while', 'because', 'although', 'though', 'when', 'where', 'whereas',
  'unless', 'whether',
  // verbs that follow a figure as its predicate
  'is', 'was', 'were', 'are', 'be', 'been', 'being', 'am', 'has', 'have', 'had', 'do', 'does', 'did', 'will', 'would',
  'can', 'could', 'should', 'may', 'might', 'must', 'shall',
  // adverbs and particles
  'also', 'only', 'just', 'not', 'still', 'even', 'again', 'ago', 'more', 'less', 'most', 'least', 'too', 'very', 'already',
  'respectively', 'approximately', 'roughly', 'about', 'total', 'overall', 'each', 'plus', 'minus', 'times',
  'thus', 'always', 'perhaps', 'whereas', 'across',
]);

/** Units that are not written as a plural in `s`: measures, abbreviations and irregular plurals. */
// biome-ignore format: a list of words or values reads best packed
const OTHER_UNITS = new Set([
  'km', 'cm', 'mm', 'nm', 'kg', 'mg', 'ml', 'cl', 'dl', 'ms', 'ns', 'us', 'kb', 'mb', 'gb', 'tb', 'px', 'pt', 'em', 'rem',
  'hz', 'khz', 'mhz', 'ghz', 'kw', 'kwh', 'mph', 'kph', 'lb', 'oz', 'ft', 'yd', 'mi', 'sec', 'min', 'hr', 'yr',
  'people', 'feet', 'children', 'men', 'women', 'teeth', 'mice', 'geese', 'data', 'media', 'criteria', 'personnel', 'staff',
  'celsius', 'fahrenheit',
]);

/** Upper-case and mixed-case units that are written after a number. */
// biome-ignore format: a list of words or values reads best packed
const CASED_UNITS = new Set([
  'KB', 'MB', 'GB', 'TB', 'PB', 'KiB', 'MiB', 'GiB', 'TiB', 'Kb', 'Mb', 'Gb',
  'Hz', 'kHz', 'MHz', 'GHz', 'kW', 'MW', 'GW', 'kWh', 'MWh', 'GWh',
  'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'CAD', 'AUD', 'CHF', 'INR',
  'AM', 'PM', 'CPU', 'CPUs', 'GPU', 'GPUs', 'RPS', 'QPS', 'TPS', 'FPS', 'DAU', 'MAU',
]);

/** Currency codes that may follow a number (`100 USD`). */
export const CURRENCY_CODES = new Set(['USD', 'EUR', 'GBP', 'JPY', 'CNY', 'CAD', 'AUD', 'CHF', 'INR']);

/**
 * True when `word` (already known to be letters only) is a unit of the
 * number before it; `afterOne` allows a singular noun (`1 customer`).
 */
export function isUnitWord(word: string, afterOne: boolean): boolean {
  if (word.length === 0 || word.length > 24) return false;
  if (CASED_UNITS.has(word)) return true;
  if (word !== word.toLowerCase() || word.length < 2 || FUNCTION_WORDS.has(word)) return false;
  if (OTHER_UNITS.has(word) || afterOne) return true;
  // A plural: `customers`, `days`, `metres`; not `ss`-words like `less` or `across`.
  return word.length >= 3 && word.endsWith('s') && !word.endsWith('ss');
}
