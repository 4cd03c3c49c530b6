/**
 * Tool blocks inside an agent's turn of a Markdown chat history, in the
 * shapes SpecStory writes them: summary blocks (`<tool-use …>` and
 * `<details>`, which end at their own closing tag, possibly later on a line
 * with other tags) and call blocks, where the agent wrote a call inline as a
 * tag of its own on a line of its own, a JSON object of arguments, and the
 * matching closing tag on a line of its own:
 *
 *     <run_terminal_cmd>
 *     { "command": "curl -I http://localhost:3000" }
 *     </run_terminal_cmd>
 *
 * Tool names are open-ended, so a call block is known by that shape, not by
 * its name; the JSON body is what tells it from HTML an answer may contain.
 * Some exports write the same blocks HTML-escaped (`&lt;tool-use …&gt;`), so
 * every shape is also read with `&lt;` and `&gt;` for the angle brackets.
 */
import { lineText, type RawLine } from './rawLines';

/** How a block is written: plain tags or HTML-escaped ones. */
interface Markup {
  lt: string;
  gt: string;
}

const MARKUPS: readonly Markup[] = [
  { lt: '<', gt: '>' },
  { lt: '&lt;', gt: '&gt;' },
];

/** Summary blocks' tags; a `<tool-use>` block holds a `<details>` block and ends only at its own closing tag. */
const SUMMARY_TAGS = ['tool-use', 'details'];
/**
 * The tag the model's thinking is written in (`<think><details><summary>Thought Process</summary>`, closed by
 * `</details></think>`): its reasoning, which every log that keeps it apart (Claude Code's thinking blocks, Cline's
 * `<thinking>`) reads as reasoning rather than the reply. It holds a `<details>` block, so it is looked for first.
 */
const REASONING_TAG = 'think';

export interface ToolBlockOpening {
  /** `summary`: a recorded tool use, context; `call`: a call the agent wrote inline; `reasoning`: the model's thinking. */
  kind: 'summary' | 'call' | 'reasoning';
  /** The text whose line ends the block. */
  closer: string;
  /** A call block's tag, the tool's name. */
  name?: string;
}

/**
 * Finds, for one turn's lines, which open a tool block that the turn also
 * closes. Built once per turn: the last line of each closing tag is known
 * up front, so an opener is checked in constant time and a turn with many
 * unclosed openers stays linear.
 */
export class ToolBlocks {
  /** Per summary closer, the last line index that contains it. */
  private readonly lastSummaryClose = new Map<string, number>();
  /** Per call closer (a line that is exactly `</name>`), the last line index. */
  private readonly lastCallClose = new Map<string, number>();

  constructor(
    private readonly raw: string,
    private readonly lines: readonly RawLine[],
  ) {
    lines.forEach((line, i) => {
      const t = lineText(raw, line).trim();
      for (const m of MARKUPS) {
        for (const tag of [REASONING_TAG, ...SUMMARY_TAGS]) {
          const closer = `${m.lt}/${tag}${m.gt}`;
          if (t.includes(closer)) this.lastSummaryClose.set(closer, i);
        }
        if (t.startsWith(`${m.lt}/`) && t.endsWith(m.gt) && tagName(t.slice(m.lt.length + 1, t.length - m.gt.length)) !== undefined) {
          this.lastCallClose.set(t, i);
        }
      }
    });
  }

  /**
   * The block line `i` opens, when the turn closes it later: a summary
   * block's closer may also sit on the opening line itself (a one-line
   * block), which is then the whole block.
   */
  openedAt(i: number): (ToolBlockOpening & { closedOnSameLine: boolean }) | undefined {
    const t = lineText(this.raw, this.lines[i]).trimStart();
    for (const m of MARKUPS) {
      if (!t.startsWith(m.lt)) continue;
      if (opensTag(t, m, REASONING_TAG)) {
        const closer = `${m.lt}/${REASONING_TAG}${m.gt}`;
        const closedOnSameLine = t.includes(closer);
        // Never closed later in the turn: a line that mentions the tag, left in the reply.
        if (closedOnSameLine || (this.lastSummaryClose.get(closer) ?? -1) > i) return { kind: 'reasoning', closer, closedOnSameLine };
      }
      for (const tag of SUMMARY_TAGS) {
        if (!t.startsWith(`${m.lt}${tag}`)) continue;
        const closer = `${m.lt}/${tag}${m.gt}`;
        const closedOnSameLine = t.includes(closer) || !((this.lastSummaryClose.get(closer) ?? -1) > i);
        return { kind: 'summary', closer, closedOnSameLine };
      }
      const call = this.callAt(i, t.trimEnd(), m);
      if (call) return call;
    }
    return undefined;
  }

  private callAt(i: number, t: string, m: Markup): (ToolBlockOpening & { closedOnSameLine: false }) | undefined {
    if (!t.endsWith(m.gt)) return undefined;
    const inner = t.slice(m.lt.length, t.length - m.gt.length);
    const space = inner.search(/\s/);
    const name = tagName(space === -1 ? inner : inner.slice(0, space));
    if (name === undefined || (space !== -1 && (inner.includes(m.lt) || inner.includes(m.gt)))) return undefined;
    const closer = `${m.lt}/${name}${m.gt}`;
    if (!((this.lastCallClose.get(closer) ?? -1) > i)) return undefined;
    const body = this.nextNonBlank(i + 1);
    if (body === undefined || !lineText(this.raw, this.lines[body]).trimStart().startsWith('{')) return undefined;
    return { kind: 'call', closer, name, closedOnSameLine: false };
  }

  private nextNonBlank(from: number): number | undefined {
    for (let j = from; j < this.lines.length; j++) if (lineText(this.raw, this.lines[j]).trim() !== '') return j;
    return undefined;
  }
}

/** Whether the line ends a block opened with `opening`. */
export function closesBlock(line: string, opening: ToolBlockOpening): boolean {
  return opening.kind === 'call' ? line.trim() === opening.closer : line.includes(opening.closer);
}

/** Whether `t` starts with the tag `<tag>` or `<tag …>` (not a longer tag name such as `<thinker>`). */
function opensTag(t: string, m: Markup, tag: string): boolean {
  if (!t.startsWith(`${m.lt}${tag}`)) return false;
  const next = t.slice(m.lt.length + tag.length, m.lt.length + tag.length + m.gt.length);
  return next === m.gt || next.startsWith(' ');
}

/** An XML-style tag name (`run_terminal_cmd`, `tool-use`, `ns:call`), or undefined. */
function tagName(s: string): string | undefined {
  return /^[A-Za-z_][\w.:-]*$/.test(s) ? s : undefined;
}
