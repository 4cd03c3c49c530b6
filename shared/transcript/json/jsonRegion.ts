/**
 * A span of JSON text whose string values can be traced back to raw-file
 * offsets, including JSON that sits inside another JSON string (tool
 * arguments, OTel message attributes, Codex tool output).
 *
 * Parsers read values with JSON.parse (native, several times faster) and
 * name the strings they keep by path; where a range is asked for, its value
 * is found by skimming the text (jsonLocate.ts), and the offset-aware
 * jsonc-parser tree is built only for a region asked for many paths.
 */
import { parseTree, type Node } from 'jsonc-parser';
import type { OffsetMap } from '../model';
import { jsonStringMap } from '../offsets/jsonStringMap';
import { locateJsonValue, type ValueSpan } from './jsonLocate';
import { ComposedMap, LazyMap, ShiftMap } from '../offsets/offsetMaps';

export type JsonPath = (string | number)[];

/** Paths found by skimming before a region builds its offset tree. */
const SKIMS_BEFORE_TREE = 3;

export class JsonRegion {
  private root: Node | undefined;
  private skims = 0;

  /**
   * @param text  the text holding the JSON (the raw file, or a decoded string)
   * @param start where the JSON value starts in `text`
   * @param end   where it ends
   * @param base  maps offsets in `text` to raw-file offsets; omitted when `text` is the raw file
   * @param pieceAt when `text` is a piece of the raw file (lines appended to it), the raw offset of `text[0]`
   */
  constructor(
    readonly text: string,
    readonly start: number,
    readonly end: number,
    readonly base?: OffsetMap,
    readonly pieceAt = 0,
  ) {}

  /** Offset map of the string value at `path` (decoded offsets → raw file). */
  stringMap(path: JsonPath): OffsetMap {
    return new LazyMap(() => {
      const node = this.nodeAt(path);
      return this.toRawMap(jsonStringMap(this.text, node.offset, node.offset + node.length));
    });
  }

  /** A map into this region's text as a map into the raw file. */
  toRawMap(local: OffsetMap): OffsetMap {
    if (this.base) return new ComposedMap(local, this.base);
    return this.pieceAt === 0 ? local : new ComposedMap(local, new ShiftMap(this.pieceAt));
  }

  /** Raw offset where the value at `path` starts (for any value type). */
  rawOffsetOf(path: JsonPath): number {
    const offset = this.nodeAt(path).offset;
    return this.base ? this.base.toRaw(offset) : offset + this.pieceAt;
  }

  /**
   * The JSON document inside the string at `path`, whose decoded value the
   * caller already holds (it parsed it with JSON.parse).
   */
  nested(path: JsonPath, decoded: string): JsonRegion {
    return new JsonRegion(decoded, 0, decoded.length, this.stringMap(path));
  }

  /** Maps offsets of this region's own text to raw-file offsets. */
  textMap(): OffsetMap {
    return this.base ?? new ShiftMap(this.pieceAt);
  }

  private nodeAt(path: JsonPath): ValueSpan {
    // A record asks for a path or two: skimming to each is cheaper than building the tree.
    // A document asked for many (a chat file's messages) gets the tree, so each lookup costs its path only.
    if (!this.root && this.skims < SKIMS_BEFORE_TREE) {
      this.skims++;
      const span = locateJsonValue(this.text, this.start, this.end, path);
      if (!span) throw new Error(`JsonRegion: nothing at ${JSON.stringify(path)}`);
      return span;
    }
    if (!this.root) {
      const tree = parseTree(this.text.slice(this.start, this.end), [], { disallowComments: true });
      if (!tree) throw new Error('JsonRegion: text is not JSON');
      shiftOffsets(tree, this.start);
      this.root = tree;
    }
    const node = nodeAtPath(this.root, path);
    if (!node) throw new Error(`JsonRegion: nothing at ${JSON.stringify(path)}`);
    return node;
  }
}

function shiftOffsets(node: Node, by: number): void {
  if (by === 0) return;
  const stack: Node[] = [node];
  while (stack.length > 0) {
    // jsonc-parser types nodes as read-only; the tree is private to this region.
    const n = stack.pop() as { offset: number; children?: Node[] };
    n.offset += by;
    if (n.children) for (const c of n.children) stack.push(c);
  }
}

/**
 * The node at `path`, as JSON.parse sees it: where an object repeats a key,
 * the last one wins (jsonc-parser's own lookup takes the first, which may
 * name a value the parsed object does not hold, or hold nothing there).
 */
export function nodeAtPath(root: Node, path: JsonPath): Node | undefined {
  let node: Node | undefined = root;
  for (const segment of path) {
    if (!node?.children) return undefined;
    if (typeof segment === 'number') {
      node = node.type === 'array' ? node.children[segment] : undefined;
      continue;
    }
    if (node.type !== 'object') return undefined;
    let found: Node | undefined;
    for (const property of node.children) {
      const [key, value] = property.children ?? [];
      if (key?.value === segment) found = value;
    }
    node = found;
  }
  return node;
}
