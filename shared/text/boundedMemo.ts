/**
 * A function of a string with its results remembered: a session asks the
 * same few questions of the same texts thousands of times (one command's
 * text by every question asked of its call and its result, one path on
 * every line of a search's output). The table is forgotten all at once when
 * it reaches `max` entries, so a session of distinct texts cannot grow it.
 * Only for functions whose result depends on the text alone and is never
 * changed by its callers.
 */
export function boundedMemo<V>(compute: (text: string) => V, max: number): (text: string) => V {
  const remembered = new Map<string, V>();
  return (text) => {
    let value = remembered.get(text);
    if (value === undefined && !remembered.has(text)) {
      value = compute(text);
      if (remembered.size >= max) remembered.clear();
      remembered.set(text, value);
    }
    return value as V;
  };
}
