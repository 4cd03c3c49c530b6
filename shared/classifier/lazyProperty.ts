/**
 * Properties computed on first read. An entity's verdict needs one match in
 * the context; the list of every location (up to a cap) is only read by what
 * shows locations (the JSON ledger, an editor's hover), and collecting it for
 * each entity of each output is most of a long session's lookup work.
 */

/** A lazy property's getter, holding the computation so that it can still be changed. */
type LazyGetter<V> = (() => V) & { pending: Pending<V> };

interface Pending<V> {
  compute: () => V;
  /** A cheaper cut of the value (see readPart), when the property has one. */
  part?: (n: number) => V;
}

/**
 * Makes `key` of `target` computed by `compute` on first read, then a plain
 * data property. Writing it first skips the computation. The property stays
 * enumerable in its place, so spreading or serializing the object reads it.
 * `part(n)`, when given, computes a cut of the value that readPart returns
 * without computing the whole.
 */
export function defineLazy<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K], part?: (n: number) => T[K]): void {
  const pending: Pending<T[K]> = part ? { compute, part } : { compute };
  const get = function (this: T): T[K] {
    const value = pending.compute();
    settle(this, key, value);
    return value;
  } as LazyGetter<T[K]>;
  get.pending = pending;
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get,
    set(this: T, value: T[K]) {
      settle(this, key, value);
    },
  });
}

/**
 * Replaces the value of `key` by `f` of it, in place: now if it is a plain
 * value, when first read if it is still lazy (it then stays unread).
 */
export function mapInPlace<T extends object, K extends keyof T>(target: T, key: K, f: (value: T[K]) => T[K]): void {
  const get = Object.getOwnPropertyDescriptor(target, key)?.get as LazyGetter<T[K]> | undefined;
  if (get?.pending) {
    const pending = get.pending;
    const inner = pending.compute;
    pending.compute = () => f(inner());
    const part = pending.part;
    if (part) pending.part = (n) => f(part(n));
    return;
  }
  target[key] = f(target[key]);
}

/**
 * `part(n)` of a property still to be computed, computed without settling
 * it (a later read computes the whole); undefined when the property is a
 * plain value or has no cheaper cut.
 */
export function readPart<T extends object, K extends keyof T>(target: T, key: K, n: number): T[K] | undefined {
  const part = (Object.getOwnPropertyDescriptor(target, key)?.get as LazyGetter<T[K]> | undefined)?.pending?.part;
  return part?.(n);
}

/** Whether `key` of `target` is still to be computed. */
export function isPending<T extends object>(target: T, key: keyof T): boolean {
  return (Object.getOwnPropertyDescriptor(target, key)?.get as LazyGetter<unknown> | undefined)?.pending !== undefined;
}

function settle<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
