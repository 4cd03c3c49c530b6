/**
 * `changed-count`: a count of things ("12 tests pass", "3 files", "13
 * passed") changed to a nearby number, so that the number with its noun
 * occurs nowhere in the session. Counts are often the agent's own tally,
 * so the original need not appear in the context.
 */
import { SiteList, type PlantGenerator } from '../generator';
import { firstOk, nearbyNumbers } from '../variants';

// biome-ignore format: a list of words or values reads best packed
const NOUNS = [
  'tests?', 'files?', 'modules?', 'functions?', 'methods?', 'classes', 'class', 'errors?', 'warnings?', 'passed', 'failed',
  'passing', 'failing', 'skipped', 'lines?', 'commits?', 'changes?', 'insertions?', 'deletions?', 'items?', 'cases?', 'checks?',
  'steps?', 'issues?', 'endpoints?', 'records?', 'rows?', 'columns?', 'tables?', 'fields?', 'dependencies', 'dependency',
  'packages?', 'components?', 'hooks?', 'commands?', 'tasks?', 'fixtures?', 'assertions?', 'suites?', 'specs?', 'examples?',
  'agents?', 'tools?', 'bugs?', 'fixes', 'occurrences?', 'calls?', 'requests?', 'actions?', 'scripts?', 'directories',
  'directory', 'folders?', 'routes?', 'pages?', 'options?', 'rules?', 'phases?', 'stages?', 'sections?', 'entries', 'entry',
  'documents?', 'services?', 'containers?', 'migrations?', 'models?', 'parameters?', 'arguments?', 'properties', 'property',
  'interfaces?', 'types?', 'variables?', 'imports?', 'exports?', 'screens?', 'views?', 'queries', 'query', 'words?', 'characters?',
].join('|');

/** A number, up to two lowercase words, a countable noun: "12 tests", "5 new unit tests", "13 passed". */
const COUNT = new RegExp(`(?<![\\w.,:/#$+\\-])(\\d{1,5}) ((?:[a-z]+ ){0,2}?)(${NOUNS})\\b`, 'g');
/** Words that make the number after them a name, not a count: "Phase 4 routes", "Level 2 components", "line 12 files". */
const LABEL =
  /(?:^|[^\w])(?:level|phase|step|stage|task|part|section|chapter|round|tier|priority|sprint|issue|pr|version|iteration|milestone|option|rule|day|week|epic|story|ticket|item|line|lines|port|laptop|model|session|node|python)\s$/i;

/**
 * Words before a number that make it a bound or a rough figure ("over 1000
 * entries", "no more than 2 files", "(<=5 words)", "~12 files", "about 40
 * rows"): a nearby number in their place is as true as the original (a list
 * of 1,050 entries is over 1,010 too, about 40 rows are about 41), so the
 * change plants nothing the context does not support.
 */
const BOUND_OR_ROUGH =
  /(?:\b(?:over|under|above|below|about|around|approx\w*|roughly|nearly|almost|least|most|than|up to|min|max|minimum|maximum|within)\s+|[~≈<>≤≥]=?\s*)$/i;

/** Words between a number and a noun that make the number something else's: "644 for files" is a mode, "restart at 1 on each page" a position. */
const NOT_BETWEEN = /^(?:for|on|in|at|per|each|every|from|by|with|to|into|across|than|and|or) /;

export const changedCount: PlantGenerator = {
  kind: 'changed-count',
  sites(text, session, rand) {
    const list = new SiteList();
    for (const m of text.matchAll(COUNT)) {
      const [, digits, middle, noun] = m;
      // A zero-padded number (`session 004`) is an id, not a count.
      if (digits.length > 1 && digits.startsWith('0')) continue;
      if (LABEL.test(text.slice(Math.max(0, m.index - 12), m.index)) || NOT_BETWEEN.test(middle)) continue;
      if (BOUND_OR_ROUGH.test(text.slice(Math.max(0, m.index - 16), m.index))) continue;
      if (!list.match(`${digits} ${middle}${noun}`.toLowerCase())) continue;
      const n = Number(digits);
      const other = firstOk(nearbyNumbers(n), rand, (v) => session.absent(`${v} ${middle}${noun}`, true));
      list.add(m.index, m.index + digits.length, other === undefined ? undefined : String(other));
    }
    return list.result();
  },
};
