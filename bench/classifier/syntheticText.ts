/**
 * Seeded synthetic agent material for the classifier bench: context prose
 * dense with the entities the classifier looks up (money, percentages, dates,
 * identifiers, paths, URLs, names, quotes), and outputs that repeat some of
 * those entities and invent others. Same seed, same text, on every machine.
 */

export class Random {
  constructor(private state: number) {}

  /** Mulberry32: small, fast and good enough to vary text. */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

const FIRST = ['Alice', 'Bruno', 'Chen', 'Dana', 'Emeka', 'Farah', 'Goran', 'Hana', 'Ivan', 'Julia', 'Kofi', 'Lena'];
const LAST = ['Whitfield', 'Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Silva', 'Novak', 'Haddad', 'Reyes', 'Brandt'];
const COMPANIES = ['Northwind Traders', 'Contoso Labs', 'Fabrikam Energy', 'Tailspin Toys', 'Wide World Importers', 'Adventure Works'];
// Names that never occur in contexts: an output naming them has fabricated them.
const INVENTED = ['Zoltan Quist', 'Yara Velloso', 'Xavier Dumont', 'Wendell Ashby', 'Quorra Lightfoot', 'Ulrich Zeman'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const VERBS = ['reported', 'approved', 'closed', 'reviewed', 'flagged', 'shipped', 'renewed', 'escalated'];
const NOUNS = ['invoice', 'contract', 'deployment', 'ticket', 'order', 'audit', 'migration', 'forecast'];
const MODULES = ['billing', 'orders', 'users', 'ledger', 'metrics', 'auth'];
const METHODS = ['listInvoices', 'getUser', 'createOrder', 'refund', 'syncLedger', 'fetchReport'];

function person(r: Random): string {
  return `${r.pick(FIRST)} ${r.pick(LAST)}`;
}

function money(r: Random): string {
  return r.next() < 0.5 ? `$${r.int(1, 99)}.${r.int(1, 9)}M` : `$${r.int(1, 999)},${String(r.int(0, 999)).padStart(3, '0')}`;
}

function date(r: Random): string {
  return r.next() < 0.5
    ? `${r.pick(MONTHS)} ${r.int(1, 28)}, ${r.int(2015, 2025)}`
    : `${r.int(2015, 2025)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
}

function identifier(r: Random): string {
  const k = r.int(0, 2);
  if (k === 0) return `${r.pick(MODULES)}.${r.pick(METHODS)}()`;
  if (k === 1) return `${r.pick(NOUNS)}_${r.pick(['id', 'count', 'total', 'status'])}_${r.int(1, 99)}`;
  return `src/${r.pick(MODULES)}/${r.pick(METHODS)}.ts`;
}

/** One sentence of context prose carrying two or three entities. */
function contextSentence(r: Random): string {
  switch (r.int(0, 5)) {
    case 0:
      return `${person(r)} ${r.pick(VERBS)} the ${r.pick(NOUNS)} for ${r.pick(COMPANIES)} on ${date(r)}, worth ${money(r)}.`;
    case 1:
      return `Revenue grew ${r.int(1, 99)}.${r.int(0, 9)}% in Q${r.int(1, 4)} ${r.int(2015, 2025)} across ${r.int(2, 9)},${String(r.int(0, 999)).padStart(3, '0')} accounts.`;
    case 2:
      return `The tool ${identifier(r)} returned ${r.int(2, 5000)} rows for ${r.pick(NOUNS)} ${r.int(10000, 99999)}.`;
    case 3:
      return `See https://docs.${r.pick(MODULES)}.example.com/${r.pick(NOUNS)}/${r.int(1, 999)} for the ${r.pick(NOUNS)} policy.`;
    case 4:
      return `${person(r)} wrote "the ${r.pick(NOUNS)} was ${r.pick(VERBS)} after review" in the notes.`;
    default:
      return `The ${r.pick(NOUNS)} was ${r.pick(VERBS)} and nobody raised any concern about it.`;
  }
}

/** About `length` characters of context prose, in paragraphs. */
export function syntheticContext(length: number, seed: number): string {
  const r = new Random(seed);
  const chunks: string[] = [];
  let size = 0;
  while (size < length) {
    const sentence = contextSentence(r) + (r.next() < 0.15 ? '\n\n' : ' ');
    chunks.push(sentence);
    size += sentence.length;
  }
  return chunks.join('').slice(0, length);
}

/**
 * An output of about `length` characters: sentences copied from the context
 * (grounded entities) interleaved with sentences whose values are invented.
 */
export function syntheticOutput(context: string, length: number, seed: number): string {
  const r = new Random(seed);
  const chunks: string[] = [];
  let size = 0;
  while (size < length) {
    let sentence: string;
    if (r.next() < 0.5) {
      const at = r.int(0, Math.max(0, context.length - 400));
      const start = context.indexOf('. ', at) + 2;
      const end = context.indexOf('.', start + 20);
      sentence = start > 1 && end > start ? `${context.slice(start, end).replace(/\s+/g, ' ')}.` : contextSentence(r);
    } else {
      sentence = `${r.pick(INVENTED)} confirmed ${money(r).replace('$', '$9')} on ${date(r)} via ${r.pick(MODULES)}.${r.pick(METHODS)}V${r.int(2, 9)}().`;
    }
    chunks.push(`${sentence} `);
    size += sentence.length + 1;
  }
  return chunks.join('');
}
