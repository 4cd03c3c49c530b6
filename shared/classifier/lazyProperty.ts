/**
 * Properties computed on first read. An entity's verdict needs one match in
 * the context; the list of every location (up to a cap) is only read by what
 * shows locations (the JSON ledger, an editor's hover), and collecting it for
 * each entity of each output is most of a long session's lookup work.
 *
 * A lazy property is an accessor that every object shares for its key, and
 * the object's own state sits in a slot beside it (a hidden symbol-keyed
 * property), so it stays an accessor once computed or written. A getter
 * made for each object, or a property turned back into data once computed,
 * gives V8 no shape to share: every such object went over to a dictionary of
 * its own, several hundred bytes each, slow to read everywhere after, and a
 * long session makes tens of thousands of them.
 */

interface Slot<V> {
  /** The value, once computed or written. */
  value: V | undefined;
  settled: boolean;
  compute: (() => V) | undefined;
  /** A cheaper cut of the value (see readPart), when the property has one. */
  part: ((n: number) => V) | undefined;
}

type Slots = Record<PropertyKey, Slot<unknown>>;

const SLOTS: unique symbol = Symbol('lazy property slots');

/** One accessor per key, shared by every object that has the key lazy. */
const accessors = new Map<PropertyKey, PropertyDescriptor>();

function accessorOf(key: PropertyKey): PropertyDescriptor {
  let accessor = accessors.get(key);
  if (accessor === undefined) {
    accessor = {
      configurable: true,
      enumerable: true,
      get(this: object): unknown {
        const slot = slotOf(this, key)!;
        if (!slot.settled) settle(slot, slot.compute!());
        return slot.value;
      },
      set(this: object, value: unknown) {
        settle(slotOf(this, key)!, value);
      },
    };
    accessors.set(key, accessor);
  }
  return accessor;
}

function slotOf<V>(target: object, key: PropertyKey): Slot<V> | undefined {
  return (target as { [SLOTS]?: Slots })[SLOTS]?.[key] as Slot<V> | undefined;
}

/**
 * Makes `key` of `target` computed by `compute` on first read, then kept.
 * Writing it first skips the computation. The property is enumerable in its
 * place, so spreading or serializing the object reads it. `part(n)`, when
 * given, computes a cut of the value that readPart returns without
 * computing the whole. On an object that has no `key` yet, the property is
 * added where it would have stood had the object been made with it, and
 * the object keeps a shape it shares with others made the same way.
 */
export function defineLazy<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K], part?: (n: number) => T[K]): void {
  const existing = slotOf<T[K]>(target, key);
  if (existing !== undefined) {
    existing.value = undefined;
    existing.settled = false;
    existing.compute = compute;
    existing.part = part;
    return;
  }
  let slots = (target as { [SLOTS]?: Slots })[SLOTS];
  if (slots === undefined) {
    slots = {};
    Object.defineProperty(target, SLOTS, { value: slots });
  }
  slots[key] = { value: undefined, settled: false, compute, part } satisfies Slot<T[K]>;
  Object.defineProperty(target, key, accessorOf(key));
}

/**
 * Replaces the value of `key` by `f` of it, in place: now if it is a plain
 * value, when first read if it is still lazy (it then stays unread).
 */
export function mapInPlace<T extends object, K extends keyof T>(target: T, key: K, f: (value: T[K]) => T[K]): void {
  const slot = slotOf<T[K]>(target, key);
  if (slot !== undefined && !slot.settled) {
    const inner = slot.compute!;
    slot.compute = () => f(inner());
    const part = slot.part;
    if (part) slot.part = (n) => f(part(n));
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
  const slot = slotOf<T[K]>(target, key);
  return slot !== undefined && !slot.settled ? slot.part?.(n) : undefined;
}

/** Whether `key` of `target` is still to be computed. */
export function isPending<T extends object>(target: T, key: keyof T): boolean {
  const slot = slotOf(target, key);
  return slot !== undefined && !slot.settled;
}

function settle<V>(slot: Slot<V>, value: V): void {
  slot.value = value;
  slot.settled = true;
  // What computed it is not needed again: let it go (it holds the lookup's forms and options).
  slot.compute = undefined;
  slot.part = undefined;
}
