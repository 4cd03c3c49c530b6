/**
 * Plausible stand-ins for names and numbers: the kind of near miss a model
 * writes (`parseConfig` → `parseConfigFile`, `--watch` → `--watch-all`,
 * `8080` → `8081`), tried in a seeded order, the first one the session
 * never mentions winning.
 */

/** The first of `options`, in an order shuffled by `rand`, that `ok` accepts. */
export function firstOk<T>(options: readonly T[], rand: () => number, ok: (v: T) => boolean): T | undefined {
  const order = [...options];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.find(ok);
}

const CAMEL_SUFFIXES = ['All', 'Async', 'Internal', 'Impl', 'Sync', 'Safe', 'Once', 'File', 'Data', 'Entry', 'Items', 'V2', 'Legacy'];
const CAMEL_PREFIXES = ['try', 'do', 'handle', 'safe', 'internal'];
const SNAKE_SUFFIXES = ['_all', '_async', '_impl', '_safe', '_once', '_file', '_data', '_items', '_v2', '_internal'];
const SNAKE_PREFIXES = ['try_', 'do_', 'safe_', 'maybe_'];
const PASCAL_SUFFIXES = ['Impl', 'Base', 'Manager', 'Service', 'Factory', 'Helper', 'V2', 'Handler'];
const PASCAL_PREFIXES = ['Base', 'Default', 'Legacy', 'Abstract'];

/** Renamings of an identifier in its own casing style. */
export function identifierVariants(name: string): string[] {
  if (/^[A-Z][a-z0-9]/.test(name)) return [...PASCAL_SUFFIXES.map((s) => name + s), ...PASCAL_PREFIXES.map((p) => p + name)];
  if (name.includes('_') || !/[A-Z]/.test(name)) {
    const lower = name.toLowerCase() === name;
    if (lower) return [...SNAKE_SUFFIXES.map((s) => name + s), ...SNAKE_PREFIXES.map((p) => p + name)];
  }
  return [...CAMEL_SUFFIXES.map((s) => name + s), ...CAMEL_PREFIXES.map((p) => p + name[0].toUpperCase() + name.slice(1))];
}

/** Sibling stems for a file name's stem, in its casing style. */
export function stemVariants(stem: string): string[] {
  const sep = stem.includes('-') ? '-' : stem.includes('_') || stem.toLowerCase() === stem || stem.toUpperCase() === stem ? '_' : '';
  const words = ['utils', 'helpers', 'old', 'v2', 'base', 'core', 'common', 'internal', 'legacy', 'extra'];
  if (stem.toUpperCase() === stem && stem.toLowerCase() !== stem) return words.map((w) => stem + sep + w.toUpperCase());
  if (sep === '') return words.map((w) => stem + w[0].toUpperCase() + w.slice(1));
  return words.map((w) => stem + sep + w);
}

/** Other values near `n`, as a model misremembering a count or a port would write them. */
export function nearbyNumbers(n: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}): number[] {
  const out = [n + 1, n + 2, n - 1, n + 3, n - 2, n * 2, n + 10, n + 5].filter((v) => v >= min && v <= max && v !== n);
  return [...new Set(out)];
}
