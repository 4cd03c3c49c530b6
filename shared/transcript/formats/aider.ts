/**
 * Aider's `.aider.chat.history.md`: `# aider chat started at …` opens a
 * session, user lines start `#### `, aider's own output (files added, edits
 * applied, `/run` output) starts `> `, and everything else is the model's
 * reply. The history names the files in the chat but never shows their
 * contents or the repo map the model was sent (only `.aider.llm.history`
 * has those), so every reply carries that gap.
 */
import type { FormatParser, OffsetMap, ParseInput, Role, Transcript } from '../model';
import { ShiftMap } from '../offsets/offsetMaps';
import { ContextGaps } from './contextGaps';
import { InOrderTranscriptBuilder } from './common/inOrderTranscriptBuilder';
import { FenceTracker } from './markdown/fences';
import { isBlank, joinPieces, lineText, rawLines, type RawLine, trimBlankLines, tooLongMessage } from './markdown/rawLines';

const SESSION_HEADER = '# aider chat started at';

type Kind = 'user' | 'aider' | 'reply';

export const aiderChatFormat: FormatParser = {
  id: 'aider-chat',
  label: 'Aider chat history',
  containers: ['text'],
  sniff(head, path) {
    if (head.startsWith(SESSION_HEADER) || head.includes('\n' + SESSION_HEADER)) return 0.95;
    return path?.endsWith('.aider.chat.history.md') ? 0.7 : 0;
  },
  parse(input: ParseInput): Transcript {
    const raw = input.raw;
    const b = new InOrderTranscriptBuilder('aider-chat', raw);
    b.addFileGap(ContextGaps.markdownChat('Aider'));
    const counts: Record<Kind, number> = { user: 0, aider: 0, reply: 0 };
    let tip = -1;
    let group: { kind: Kind; lines: RawLine[] } | undefined;
    const fences = new FenceTracker();
    const lines = rawLines(raw, (line, length) => b.error(tooLongMessage(line, length), line.start, line.start + 1));
    const userLinesKeepBreaks = keepsUserLineBreaks(raw, lines);
    let afterBlank = true;
    const flush = () => {
      if (group) tip = addGroup(b, raw, group.kind, group.lines, tip, counts);
      group = undefined;
    };
    for (const line of lines) {
      const text = lineText(raw, line);
      const blank = afterBlank;
      afterBlank = text.trim() === '';
      // Aider writes its own lines whatever the reply left open: a session header
      // or a user block ends an unclosed fence, so one stray fence cannot swallow
      // every later turn. In code, `#### ` lines rarely follow a blank line with
      // Markdown's two trailing spaces, which Aider puts on every user line.
      if (text.startsWith(SESSION_HEADER)) {
        fences.reset();
        flush();
        tip = -1; // a new session starts a new conversation
        continue;
      }
      if (fences.isOpen && blank && opensUserBlock(text)) fences.reset();
      const kind = fences.isOpen ? 'reply' : kindOf(text, userLinesKeepBreaks);
      if (kind === 'reply') fences.step(text);
      if (kind === 'aider' && text.includes(' to the chat')) b.addFileGap(ContextGaps.filesNamedOnly());
      if (kind === undefined) {
        // Blank lines separate blocks; inside a reply they are part of it.
        if (group?.kind === 'reply') group.lines.push(line);
        continue;
      }
      if (group && group.kind !== kind) flush();
      if (!group) group = { kind, lines: [] };
      group.lines.push(line);
    }
    flush();
    return b.finish();
  },
};

function opensUserBlock(line: string): boolean {
  return isHashLine(line) && line.endsWith('  ');
}

function isHashLine(line: string): boolean {
  return line.startsWith('#### ') || line === '####';
}

/**
 * Whether this history kept the two trailing spaces Aider writes on every
 * user line. When most `#### ` lines carry them, a `#### ` line without them
 * is the model's own level-4 heading, not the user's; in a history whose
 * trailing blanks were stripped (by an editor or a formatter) nothing tells
 * the two apart, and every `#### ` line stays a user line.
 */
function keepsUserLineBreaks(raw: string, lines: readonly RawLine[]): boolean {
  let withBreak = 0;
  let without = 0;
  for (const line of lines) {
    const text = lineText(raw, line);
    if (!isHashLine(text) || text.trim() === '####') continue;
    if (text.endsWith('  ')) withBreak++;
    else without++;
  }
  return withBreak > without;
}

function kindOf(line: string, userLinesKeepBreaks: boolean): Kind | undefined {
  if (isHashLine(line)) return userLinesKeepBreaks && !line.endsWith('  ') && line.trim() !== '####' ? 'reply' : 'user';
  if (line.startsWith('> ') || line === '>') return 'aider';
  return line.trim() === '' ? undefined : 'reply';
}

const ROLES: Record<Kind, Role> = { user: 'user', aider: 'tool_result', reply: 'assistant' };
const LABELS: Record<Kind, string> = { user: 'user', aider: 'aider output', reply: 'assistant' };

function addGroup(b: InOrderTranscriptBuilder, raw: string, kind: Kind, lines: RawLine[], tip: number, counts: Record<Kind, number>): number {
  let piece: { text: string; map: OffsetMap } | undefined;
  if (kind === 'reply') {
    const kept = trimBlankLines(raw, lines);
    if (kept.length === 0) return tip;
    piece = { text: raw.slice(kept[0].start, kept[kept.length - 1].end), map: new ShiftMap(kept[0].start) };
  } else {
    // Drop the `#### ` / `> ` prefix and the two trailing spaces Markdown needs for a line break.
    const pieces: Array<[number, number]> = lines
      .filter((l) => !isBlank(raw, l))
      .map((l) => [Math.min(l.start + (kind === 'user' ? 5 : 2), l.end), trimEnd(raw, l)]);
    if (pieces.length === 0) return tip;
    piece = joinPieces(
      raw,
      pieces.map(([s, e]) => [s, Math.max(s, e)]),
    );
  }
  if (piece.text.trim() === '') return tip;
  return b.add({ role: ROLES[kind], ...piece, parent: tip, isOutput: kind === 'reply', label: `${LABELS[kind]} ${++counts[kind]}` });
}

function trimEnd(raw: string, l: RawLine): number {
  let e = l.end;
  while (e > l.start && (raw.charCodeAt(e - 1) === 32 || raw.charCodeAt(e - 1) === 9)) e--;
  return e;
}
