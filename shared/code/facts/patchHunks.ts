/**
 * The one reader of Codex-style patches (`*** Begin Patch` … `*** End Patch`,
 * with `*** Update File:`, `*** Add File:`, `*** Delete File:` and
 * `*** Move to:` headers over `+`, `-` and context lines): each file's
 * section, with the hunks of an update and where each line of their new side
 * is in the text (what an edit by patch replaced, its context and `-` lines
 * in order, and what it put there, its context and `+` lines), so the lines
 * shown of a file before the patch can be followed to where they are after
 * it; the lines of a file it adds; and the files a tool call's patch
 * changes, wherever the call carries it. One pass over the text.
 */

/** A line a patch leaves in a file (of a hunk's new side, or of a file it adds), with where its text (after the `+` or space) is in the scanned text. */
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
  /** An added file's lines: the `+` lines right after its header, each without its `+`. */
  lines?: HunkLine[];
  /** How many of the section's lines open with `+`: the most lines it can add to a file. */
  added: number;
}

const HEADER = /^\*\*\* (Update File|Add File|Delete File|Move to): (.+)$/;

/** The sections of every `*** Begin Patch` … `*** End Patch` block in `text`. */
export function patchSections(text: string): PatchSection[] {
  const out: PatchSection[] = [];
  let section: PatchSection | undefined;
  let hunk: PatchHunk | undefined;
  let inPatch = false;
  // An added file's lines run from its header to the first line without a `+`.
  let adding = false;
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
      adding = false;
      if (m && m[1] === 'Move to' && section) section.movedTo = m[2].trim();
      else if (m) {
        close();
        const change = m[1] === 'Update File' ? 'update' : m[1] === 'Add File' ? 'add' : 'delete';
        section = { file: m[2].trim(), change, added: 0 };
        if (change === 'update') section.hunks = [];
        if (change === 'add') section.lines = [];
        adding = change === 'add';
        out.push(section);
      }
      // `*** End of File` anchors a hunk at the file's end; its lines say where already.
    } else if (section) {
      const mark = line[0];
      if (mark === '+') section.added++;
      if (section.lines) {
        adding &&= mark === '+';
        if (adding) section.lines.push({ text: line.slice(1), start: start + 1, end });
      } else if (!section.hunks) {
        // A deleted file's section, or an update that cannot be read, holds no lines to follow.
      } else if (line.startsWith('@@')) {
        close();
        const context = line.startsWith('@@ ') ? line.slice(3) : '';
        hunk = context.trim() === '' ? { old: [], new: [] } : { context, old: [], new: [] };
      } else {
        hunk ??= { old: [], new: [] };
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

/** A file a patch changes, and how. */
export interface PatchedFile {
  file: string;
  change: 'add' | 'update';
  /** Lines its section adds (`+` lines): the most the file can have grown by. */
  added: number;
}

/**
 * The files a patch changes, wherever the call carries it: the input
 * itself, a field of it, or the last word of its command
 * (`["apply_patch", "*** Begin Patch…"]`). A file moved is changed under
 * both names, the lines added under its new one; a file deleted is changed.
 */
export function patchedFiles(input: unknown): PatchedFile[] {
  const out: PatchedFile[] = [];
  for (const text of inputTexts(input)) {
    if (!text.includes('*** Begin Patch')) continue;
    for (const s of patchSections(text)) {
      if (s.change === 'add') out.push({ file: s.file, change: 'add', added: s.added });
      else if (s.movedTo === undefined) out.push({ file: s.file, change: 'update', added: s.added });
      else out.push({ file: s.file, change: 'update', added: 0 }, { file: s.movedTo, change: 'update', added: s.added });
    }
  }
  return out;
}

/** The strings a call's input carries: itself, its string fields, and the last word of each array field. */
function inputTexts(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  const texts: string[] = [];
  if (typeof input === 'object' && input !== null) {
    for (const v of Object.values(input as Record<string, unknown>)) {
      if (typeof v === 'string') texts.push(v);
      else if (Array.isArray(v) && typeof v[v.length - 1] === 'string') texts.push(v[v.length - 1] as string);
    }
  }
  return texts;
}
