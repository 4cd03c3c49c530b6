/**
 * Properties computed on first read. An entity's verdict needs one match in
 * the context; the list of every location (up to a cap) is only read by what
 * shows locations (the JSON ledger, an editor's hover), and collecting it for
 * each entity of each output is most of a long session's lookup work.
 */

/**
 * Makes `key` of `target` computed by `compute` on first read, then a plain
 * data property. Writing it first skips the computation. The property stays
 * enumerable in its place, so spreading or serializing the object reads it.
 */
export function defineLazy<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get(this: T) {
      const value = compute();
      settle(this, key, value);
      return value;
    },
    set(this: T, value: T[K]) {
      settle(this, key, value);
    },
  });
}

function settle<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}
