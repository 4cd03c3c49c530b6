/**
 * The hunks of a patch in the `*** Begin Patch` format, with where each
 * line of their new side is in the text: what an edit by patch replaced
 * (its context and `-` lines, in order) and what it put there (its context
 * and `+` lines), so the lines shown of a file before the patch can be
 * followed to where they are after it. One pass over the text.
 */

/** A line of a hunk's new side, with where its text (after the `+` or space) is in the scanned text. */
export interface HunkLine {
  text: string;
  start: number;
  end: number;
}

/** One `@@` hunk: the lines it expects, and the lines it leaves in their place. */
export interface PatchHunk {
  /** The line after `@@ ` (`@@ def run():`): the hunk's lines are sought after the first line holding it. */
  context?: string;
  old: string[];
  new: HunkLine[];
}

/** One file's section of a patch. */
export interface PatchSection {
  file: string;
  change: 'update' | 'add' | 'delete';
  /** `*** Move to:` in an update: the file now has another name. */
  movedTo?: string;
  /** The update's hunks in order; undefined when a line of the section is not one a hunk may hold. */
  hunks?: PatchHunk[];
}

const HEADER = /^\*\*\* (Update File|Add File|Delete File|Move to): (.+)$/;

/** The sections of every `*** Begin Patch` … `*** End Patch` block in `text`. */
export function patchSections(text: string): PatchSection[] {
  const out: PatchSection[] = [];
  let section: PatchSection | undefined;
  let hunk: PatchHunk | undefined;
  let inPatch = false;
  const close = () => {
    if (section?.hunks && hunk && (hunk.old.length > 0 || hunk.new.length > 0)) section.hunks.push(hunk);
    hunk = undefined;
  };
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    let end = nl === -1 ? text.length : nl;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    const line = text.slice(start, end);
    if (line === '*** Begin Patch') inPatch = true;
    else if (!inPatch) {
      // Text around a patch (a shell command's heredoc opener) is not part of it.
    } else if (line === '*** End Patch') {
      close();
      section = undefined;
      inPatch = false;
    } else if (line.startsWith('*** ')) {
      const m = HEADER.exec(line);
      if (m && m[1] === 'Move to' && section) section.movedTo = m[2].trim();
      else if (m) {
        close();
        const change = m[1] === 'Update File' ? 'update' : m[1] === 'Add File' ? 'add' : 'delete';
        section = { file: m[2].trim(), change, ...(change === 'update' ? { hunks: [] } : {}) };
        out.push(section);
      }
      // `*** End of File` anchors a hunk at the file's end; its lines say where already.
    } else if (section?.hunks) {
      if (line.startsWith('@@')) {
        close();
        const context = line.startsWith('@@ ') ? line.slice(3) : '';
        hunk = context.trim() === '' ? { old: [], new: [] } : { context, old: [], new: [] };
      } else {
        hunk ??= { old: [], new: [] };
        const mark = line[0];
        const body = line.slice(1);
        if (line === '') {
          hunk.old.push('');
          hunk.new.push({ text: '', start, end: start });
        } else if (mark === ' ') {
          hunk.old.push(body);
          hunk.new.push({ text: body, start: start + 1, end });
        } else if (mark === '-') hunk.old.push(body);
        else if (mark === '+') hunk.new.push({ text: body, start: start + 1, end });
        else {
          // Not a hunk line: what the section does cannot be read.
          section.hunks = undefined;
          hunk = undefined;
        }
      }
    }
    if (nl === -1) break;
    start = nl + 1;
  }
  close();
  return out;
}
