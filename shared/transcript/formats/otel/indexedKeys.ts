/**
 * Flattened list attributes (`llm.input_messages.10.message.content`,
 * `gen_ai.prompt.2.role`) regrouped by index, in numeric order so `.10`
 * comes after `.9`.
 */
import type { Attr } from './spanReader';

/** index → (rest of key → attribute), ascending by index. */
export function indexedGroups(attrs: Map<string, Attr>, prefix: string): Array<[number, Map<string, Attr>]> {
  const groups = new Map<number, Map<string, Attr>>();
  const head = prefix + '.';
  for (const [key, attr] of attrs) {
    if (!key.startsWith(head)) continue;
    let i = head.length;
    while (i < key.length && key.charCodeAt(i) >= 48 && key.charCodeAt(i) <= 57) i++;
    if (i === head.length || (i < key.length && key[i] !== '.')) continue;
    const index = Number(key.slice(head.length, i));
    const rest = key.slice(i + 1);
    let group = groups.get(index);
    if (!group) groups.set(index, (group = new Map()));
    group.set(rest, attr);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]);
}
