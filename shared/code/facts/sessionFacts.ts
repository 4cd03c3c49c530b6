/**
 * What a coding session's tool calls establish, read once per transcript:
 *
 * - which lines of which file each tool result showed (a Read, `nl -ba`,
 *   `rg -n`, an edit snippet, a file the agent wrote), and what a file's
 *   length is known to be, so `src/a.ts:42` can be checked;
 * - which text grounds: tool results with their line-number gutters blanked
 *   (the agent's own successful actions ground too: see toolCalls.ts);
 * - every fact keeps the segment it came from, so an output only uses facts
 *   from its own causal past.
 *
 * The pass visits each segment once; per-output questions (see FileView)
 * read only the facts about the file they name.
 */
import type { Segment, Transcript } from '../../transcript/model';
import { ToolCallLinker, type ToolCall } from '../../transcript/toolCalls';
import { AGENTS_INSTRUCTIONS_LABEL } from '../../transcript/formats/shapes/responsesItems';
import { blankOut, forEachLine, scanGutters, type ShownLines } from './lineGutters';
import { TextPool } from '../../text/textPool';
import { editedListing, type Replacement } from './editedListings';
import { TrackedFile } from './trackedLines';
import { causalForest, type CausalForest } from '../../transcript/causalContext';
import { patchedFiles, patchSections, type HunkLine, type PatchSection } from './patchHunks';
import { shellRewrites } from './shellRewrites';
import { countsFileLines, inputFile, listingShape, shellPipelines, writtenFile, type ListingShape, type TallyNoun } from './listingShapes';
import { perFileLineCounts } from './fileLineCounts';
import { diffStatFigures } from './diffStats';
import { declaredPrograms, mayDefineOptions, optionSource } from './optionSources';
import { helpListing } from './helpOutputs';
import { baseName, cleanPath, looksLikeFilePath, pathNames } from './pathSpellings';
import { firstAboveBy, firstAtLeastBy } from '../../text/sortedSearch';

/** A file's length as one segment states it. */
export interface LineCount {
  segment: number;
  count: number;
  /** Where the figure (`wc -l`) or the last line (a complete listing) is in the segment. */
  start?: number;
  end?: number;
  /**
   * From a complete listing: how many of its last lines are empty. A reader
   * shows a file's final newline as an empty last line, which `wc -l` does
   * not count, and the eye does not count blank lines at the end.
   */
  blankTail?: number;
}

/** Lines of a file shown by one segment. */
export interface Listing {
  segment: number;
  shown: ShownLines;
  /**
   * Not a listing the session printed: the lines shown before an edit,
   * followed to where the edit left them (see trackedLines.ts).
   */
  carried?: true;
  /**
   * Not printed with line numbers either: the file as the agent's own write
   * or edit of a file it had read whole left it, which it could number only
   * by counting.
   */
  derived?: true;
}

/** A count a command printed (see `ListingShape` 'tally'), with where the number is. */
export interface Tally {
  segment: number;
  start: number;
  end: number;
  count: number;
  words: string[];
  noun: TallyNoun;
  command: string;
  /** Test counts: whether they passed or failed. */
  state?: TestState;
  /** Test counts: the command that ran the suite, told apart from other suites' (see `suiteCommand`). */
  suite?: string;
  /** Files whose text holds the words (a content search's file list): a count of files, not of what the words name. */
  inContent?: true;
  /** The folder whose files a list named one per line (see ListingShape 'entries'): its lines are the count, its last line the place. */
  folder?: string;
}

/**
 * A whole file's checkbox lines (`- [ ] T006 [P] [US1] Write the tests`),
 * counted per bracketed tag they carry: what a task list says each group
 * holds. Only a listing of the whole file is counted, so no group is cut.
 */
export interface Checklist {
  segment: number;
  file: string;
  /** Per tag (`US1`, as written inside its brackets), its checkbox lines and where the first is in the segment. */
  tags: Map<string, ChecklistGroup>;
}

/** The checkbox lines carrying one tag. */
export interface ChecklistGroup {
  count: number;
  /** Of them, those ticked (`- [x]`). */
  checked: number;
  /** Of them, those carrying each other tag too (`[P]` beside `[US1]`): a count may be of such a part. */
  withTag: Map<string, number>;
  start: number;
  end: number;
}

/**
 * Long options the session shows a program to have: a source text's
 * definitions (with the subcommands and program names it defines) or a
 * help output (with the command it describes).
 */
export interface OptionList {
  segment: number;
  kind: 'source' | 'help';
  /** Source: the program names the text declares; help: the program it describes. */
  programs: string[];
  /** Help: the subcommand words it describes. */
  path: string[];
  options: string[];
  /** Source: subcommands the text defines; help: subcommands it lists. */
  commands: string[];
  /** Source: the file the text is of, when a tool read, wrote or edited it. */
  file?: string;
  /** Source: the text is the whole file (read in full, or written whole), so every option the file defines is in it. */
  whole?: boolean;
  /** Whether the parser takes `--no-x` for a listed `--x`: a help does not say which parser printed it, so it may. */
  negates: boolean;
}

/** Roles whose text may hold a program's option definitions: what was read, written or pasted, not the agent's prose. */
const DEFINING_ROLES = new Set(['tool_result', 'tool_call', 'user', 'document']);

/** Everything known about one file. */
export interface FileRecord {
  /** Spellings the session used for it, longest first once sorted. */
  names: string[];
  /** In file order. */
  listings: Listing[];
  /** Line counts stated for it (`wc -l`, a complete listing, a write), with where. */
  counts: LineCount[];
  /** Segments that changed it after it was listed (an edit's result), in file order. */
  edits: number[];
  /** Of those edits, the patches and how many lines each added at most (its `+` lines). */
  growth: Map<number, number>;
  /** Segments where a shell command may have changed it without saying how (`sed -i`, a formatter), in file order. */
  rewrites: number[];
}

/** Empty lines at a listed file's end counted back over, at most. */
const MAX_BLANK_TAIL = 8;
/** Listings looked back over for the file under discussion. */
const LOOK_BACK = 256;

/** Tools that change a file in place, so its earlier line numbers and length may no longer hold. */
const EDITING_TOOL = /edit|replace|patch|diff|write|insert/i;

export class SessionFacts {
  private readonly texts = new Map<number, string>();
  /** A file read again gives the same text without its gutters again: held once. */
  private readonly pooled = new TextPool();
  private readonly linker = new ToolCallLinker();
  /** Set once the first read is done: later facts are put in place as they come. */
  private sorted = false;
  /** Segments before this one were read. */
  private readTo = 0;
  /** Earlier segments that facts read since the last `extend` were placed at. */
  private placedEarlier: number[] = [];
  private readonly records: FileRecord[] = [];
  private readonly byBase = new Map<string, number[]>();
  /** Counts commands printed, in file order. */
  readonly tallies: Tally[] = [];
  /** Whole files' checkbox lines per tag, in file order. */
  readonly checklists: Checklist[] = [];
  /** Versions `--version` commands printed, in file order. */
  readonly versions: { segment: number; program: string; value: string; start: number; end: number }[] = [];
  /** Option lists of programs (definitions and help outputs), in file order. */
  readonly optionLists: OptionList[] = [];
  /** Program names a project manifest declares (`bin`, `[project.scripts]`), in file order. */
  readonly declaredPrograms: { segment: number; name: string }[] = [];
  /** Every listing's segment and file, in file order. */
  private readonly timeline: { segment: number; record: FileRecord }[] = [];
  /** Per file, where the lines shown of it are now, as listings and edits came. */
  private readonly tracked = new Map<FileRecord, TrackedFile>();
  /** Per followed file, the segment its known lines were last changed at: they hold only on that segment's descendants. */
  private readonly trackedAt = new Map<FileRecord, number>();
  /** Per followed file, the segments that edited it, ascending. */
  private readonly editedAt = new Map<FileRecord, number[]>();
  /** Files the segment being read edits, and whether the edit was followed through their known lines. */
  private readonly touched = new Map<FileRecord, boolean>();
  /** Per file, the segment of its latest whole listing. */
  private readonly wholeAt = new Map<FileRecord, number>();

  private constructor(private readonly transcript: Transcript) {}

  /** Per call, by index: the shell command it ran once read (null: it ran none). */
  private readonly commands: (string | null | undefined)[] = [];

  /** The tool call a call or result segment belongs to. */
  callAt(segment: number): ToolCall | undefined {
    const index = this.linker.callOf[segment] ?? -1;
    return index === -1 ? undefined : this.linker.calls[index];
  }

  /** The index of the tool call a call or result segment belongs to (among the session's calls), or -1. */
  callIndexAt(segment: number): number {
    return this.linker.callOf[segment] ?? -1;
  }

  /** The tool call of index `index` (see callIndexAt). */
  callOfIndex(index: number): ToolCall {
    return this.linker.calls[index];
  }

  /**
   * The shell command call `index` ran, read from its input once: outputs walk
   * back over the same calls again and again, and each input is an object of
   * its own shape somewhere in a large heap, slow to read every time.
   */
  commandOf(index: number): string | undefined {
    const commands = this.commands;
    while (commands.length <= index) commands.push(undefined);
    let command = commands[index];
    if (command === undefined) commands[index] = command = shellCommand(this.linker.calls[index].input) ?? null;
    return command ?? undefined;
  }

  /** The session ran tools: its outputs are an agent's turns, not answers drawn from documents. */
  get hasToolCalls(): boolean {
    return this.linker.calls.length > 0;
  }

  static build(transcript: Transcript): SessionFacts {
    const facts = new SessionFacts(transcript);
    facts.read();
    return facts;
  }

  /** The text a segment grounds with: tool results without their line-number gutters. */
  groundingText(id: number): string {
    return this.texts.get(id) ?? this.transcript.segments[id].text;
  }

  /** Files whose path `ref` names (`a.ts`, `src/a.ts`, an absolute path). */
  filesNamed(ref: string): FileRecord[] {
    const ids = this.byBase.get(baseName(ref).toLowerCase());
    if (!ids) return [];
    return ids.map((i) => this.records[i]).filter((r) => r.names.some((n) => pathNames(ref, n) || pathNames(n, ref)));
  }

  /**
   * Files whose name ends with `name` after a separator (`user.entity.ts`
   * for `entity.ts`, `api-client.ts` for `client.ts`): the files a reference
   * to `name` may shorten. A scan of the session's distinct file names, asked
   * only when a cited name matched no file.
   */
  filesShortenedTo(name: string): FileRecord[] {
    const base = baseName(name).toLowerCase();
    const out: FileRecord[] = [];
    for (const [key, ids] of this.byBase) {
      if (key.length <= base.length || !key.endsWith(base) || !'.-_'.includes(key[key.length - base.length - 1])) continue;
      for (const i of ids) out.push(this.records[i]);
    }
    return out;
  }

  /**
   * Files whose path spells `ref` with other separators (`src/git_alias/core.py`
   * for `src/git_alias.core.py` or `src_git_alias/core.py`): the file a
   * mistyped path most likely means. Asked only when a cited path matched no
   * file; a short path (fewer than `MIN_RESPELT` letters and digits) is too
   * weak a match to say which file it means.
   */
  filesRespelt(ref: string): FileRecord[] {
    const key = separatorsDropped(ref);
    if (key.length < MIN_RESPELT) return [];
    return this.records.filter((r) => r.names.some((n) => separatorsDropped(n).endsWith(key)));
  }

  /** Files a user prompt attached with `@path`, in file order. */
  readonly attachments: { segment: number; path: string }[] = [];

  private read(): void {
    this.readFrom(0);
    // Written files are listed at their call's content; a file's facts are looked up by where they sit in the file.
    for (const r of this.records) r.listings.sort((a, b) => a.segment - b.segment);
    this.timeline.sort((a, b) => a.segment - b.segment);
    this.checklists.sort((a, b) => a.segment - b.segment);
    this.sorted = true;
  }

  /**
   * Reads segments appended to the transcript since the last read. Answers
   * the earlier segments a new fact was placed at (a file an earlier call
   * wrote, known once its result came in), ascending: outputs that could
   * see those segments would see more now.
   */
  extend(): number[] {
    this.placedEarlier = [];
    this.readFrom(this.readTo);
    return this.placedEarlier.sort((a, b) => a - b);
  }

  private readFrom(from: number): void {
    const segments = this.transcript.segments;
    for (let id = from; id < segments.length; id++) {
      const s = segments[id];
      // An instruction file the agent injects is not a prompt: an `@path` in it points the agent at a file to read, and attaches nothing.
      if (s.role === 'user' && s.label !== AGENTS_INSTRUCTIONS_LABEL) for (const path of attachedPaths(s.text)) this.attachments.push({ segment: s.id, path });
    }
    this.linker.link(segments, from);
    this.readOptions(from);
    const { calls, callOf } = this.linker;
    for (let id = from; id < segments.length; id++) {
      const s = segments[id];
      if (s.role === 'tool_call') {
        // Read at the call, not its result: a command that printed nothing may leave no result, and one read as the session is
        // written must count where a read of the whole file does. What it may have changed is taken as changed, even if it failed.
        const call = callOf[s.id] === -1 || callOf[s.id] === undefined ? undefined : calls[callOf[s.id]];
        if (call && call.segments[call.segments.length - 1] === s.id && this.readShell(call, s.id) && this.touched.size > 0) this.carryEdited(s.id);
        continue;
      }
      if (s.role !== 'tool_result') continue;
      const call = callOf[s.id] === -1 ? undefined : calls[callOf[s.id]];
      // A call's first result says it succeeded: what it wrote is then part of the file as the agent knows it.
      if (call && call.succeeded && call.results[0] === s.id) this.readAction(call, s.id);
      this.readResult(s, call);
      if (this.touched.size > 0) this.carryEdited(s.id);
    }
    this.readTo = segments.length;
  }

  /** Option definitions, manifests' program names and help outputs in segments from `from` on. */
  private readOptions(from: number): void {
    const { calls, callOf } = this.linker;
    const segments = this.transcript.segments;
    for (let id = from; id < segments.length; id++) {
      const s = segments[id];
      if (!DEFINING_ROLES.has(s.role)) continue;
      if (mayDefineOptions(s.text)) {
        const source = optionSource(s.text);
        if (source) this.optionLists.push({ segment: id, kind: 'source', path: [], ...source, ...this.sourceFile(s) });
        for (const name of declaredPrograms(s.text)) this.declaredPrograms.push({ segment: id, name });
      }
      if (s.role !== 'tool_result' || s.tool?.failed === true) continue;
      const call = callOf[id] === -1 || callOf[id] === undefined ? undefined : calls[callOf[id]];
      const argv = call ? soleCommand(call) : undefined;
      const help = argv ? helpListing(s.text, argv) : undefined;
      if (help)
        this.optionLists.push({
          segment: id,
          kind: 'help',
          programs: [help.program],
          path: help.path,
          options: help.options,
          commands: help.commands,
          negates: true,
        });
    }
  }

  /** The file a segment's text is of, and whether it is all of it: a tool's read of it, or a call's write or edit. */
  private sourceFile(s: Segment): { file: string; whole: boolean } | undefined {
    const call = this.callAt(s.id);
    if (!call) return undefined;
    if (s.role === 'tool_result') {
      if (s.tool?.failed === true || call.results[0] !== s.id) return undefined;
      const shape = listingShape(call.name, call.input);
      return shape && (shape.kind === 'numbered' || shape.kind === 'lines') ? { file: shape.file, whole: shape.complete } : undefined;
    }
    const written = writtenFile(call.name, call.input);
    if (written) return { file: written.file, whole: s.text.includes(written.content) };
    const edited = inputFile(call.input);
    return edited ? { file: edited, whole: false } : undefined;
  }

  /** A file written whole, or edited after the agent had read all of it. */
  private readAction(call: ToolCall, resultId: number): void {
    if (this.readWrite(call)) return;
    if (this.readPatch(call, resultId)) return;
    const edit = editOf(call, this.transcript.segments);
    if (!edit) return;
    const record = this.record(edit.file);
    this.trackerOf(record, resultId).edit(edit.replacements);
    this.touched.set(record, true);
    let base: Listing | undefined;
    for (let i = record.listings.length - 1; i >= 0 && !base; i--)
      if (record.listings[i].shown.complete && record.listings[i].segment < resultId) base = record.listings[i];
    if (!base) return;
    const text = (id: number) => this.transcript.segments[id].text;
    const shown = editedListing(base.shown, base.segment, text, edit.replacements);
    if (shown) this.addListing(edit.file, { segment: resultId, shown, derived: true });
  }

  /** A shell command: the files it may have changed are no longer followed from what was shown of them. */
  private readShell(call: ToolCall, segment: number): boolean {
    const pipelines = shellPipelines(call.name, call.input);
    // A patch or a write run through the shell is followed at its result.
    if (!pipelines || patchedFiles(call.input).length > 0 || writtenFile(call.name, call.input)) return false;
    const rewrites = shellRewrites(pipelines);
    const records = rewrites.all ? this.records : new Set(rewrites.words.flatMap((w) => (looksLikeFilePath(w) ? this.filesNamed(w) : [])));
    for (const r of records) {
      r.rewrites.push(segment);
      // Followed, its known lines are forgotten after this segment; not yet, no listing before it may be put in later.
      if (this.tracked.has(r)) this.touched.set(r, false);
      else {
        const edits = this.editedAt.get(r);
        if (edits) edits.push(segment);
        else this.editedAt.set(r, [segment]);
      }
    }
    return true;
  }

  private readResult(s: Segment, call: ToolCall | undefined): void {
    // A failed command still prints real lines (compiler and shell errors
    // name a file and line), but not the listing its command would have made.
    const failed = s.tool?.failed === true;
    const plain = failed ? undefined : plainReadShape(s, call);
    if (plain === 'header') return;
    const shape = failed ? undefined : (plain ?? (call ? listingShape(call.name, call.input) : targetShape(s)));
    const scan = scanGutters(s.text, shape);
    if (scan.blanks.length > 0) this.texts.set(s.id, this.pooled.shared(blankOut(s.text, scan.blanks)));
    for (const shown of scan.listings) this.addListing(shown.file, { segment: s.id, shown });
    if (scan.lineCount) {
      const at = s.text.indexOf(String(scan.lineCount.count));
      const place = at === -1 ? {} : { start: at, end: at + String(scan.lineCount.count).length };
      this.record(scan.lineCount.file).counts.push({ segment: s.id, count: scan.lineCount.count, ...place });
      const words = [baseName(scan.lineCount.file).toLowerCase()];
      if (at !== -1)
        this.tallies.push({
          segment: s.id,
          start: at,
          end: at + String(scan.lineCount.count).length,
          count: scan.lineCount.count,
          words,
          noun: 'lines',
          command: `wc -l ${scan.lineCount.file}`,
        });
    }
    // `wc -l a.py b.py`: each line is one file's length.
    if (!scan.lineCount && call && !failed && countsFileLines(call.name, call.input))
      for (const c of perFileLineCounts(s.text)) this.record(c.file).counts.push({ segment: s.id, count: c.count, start: c.start, end: c.end });
    if (scan.tally && shape?.kind === 'tally')
      this.tallies.push({
        segment: s.id,
        ...scan.tally,
        words: shape.words,
        noun: shape.noun,
        command: shape.command,
        ...(shape.inContent ? { inContent: true } : {}),
      });
    if (scan.tally && shape?.kind === 'entries')
      this.tallies.push({ segment: s.id, ...scan.tally, words: [], noun: 'files', command: shape.command, folder: shape.folder });
    if (scan.version && shape?.kind === 'version') this.versions.push({ segment: s.id, program: shape.program, ...scan.version });
    // A file's listing (a read, `cat`, `sed -n`, `head`) or a write's echo is what the file holds, not what a run reported.
    if (shape?.kind !== 'numbered' && shape?.kind !== 'lines' && !(call && writtenFile(call.name, call.input))) {
      const tallies = testTallies(s.text);
      // One run's figures share its command: named once, however many states it printed.
      const ran = tallies.length > 0 && call ? commandText(call) : undefined;
      const command = ran === undefined ? 'the test run' : shortened(ran);
      const suite = ran === undefined ? 'the test run' : suiteCommand(ran);
      for (const t of tallies) this.tallies.push({ segment: s.id, ...t, words: ['test'], noun: 'tests', command, suite });
    }
    // What a commit, merge or diff printed of the change: ` 9 files changed, 1152 insertions(+)`.
    if (call && !failed && shellPipelines(call.name, call.input))
      for (const f of diffStatFigures(s.text))
        this.tallies.push({ segment: s.id, start: f.start, end: f.end, count: f.count, words: [], noun: f.part, command: commandLabel(call) });
    if (call && EDITING_TOOL.test(call.name) && shape?.kind === 'numbered') this.noteEdit(this.record(shape.file), s.id);
  }

  /** An edit of a file at `segment`: unless it was followed through the file's known lines, they are no longer known. */
  private noteEdit(record: FileRecord, segment: number): void {
    record.edits.push(segment);
    if (!this.touched.has(record)) this.touched.set(record, false);
  }

  /**
   * The file's known lines, followed from its first edit on: a file never
   * edited costs nothing. At the first edit, its listings so far are put in,
   * from the last that showed it whole.
   */
  private trackerOf(record: FileRecord, segment: number): TrackedFile {
    const t = this.tracked.get(record);
    const at = this.trackedAt.get(record);
    this.trackedAt.set(record, segment);
    if (t && at !== undefined && (at === segment || this.forest.isAncestor(at, segment))) return t;
    const fresh = new TrackedFile((id) => this.groundingText(id));
    this.tracked.set(record, fresh);
    for (const l of this.linesBefore(record, segment)) fresh.show(l.shown, l.segment);
    return fresh;
  }

  /**
   * The listings that say what is known of a file's lines on `segment`'s
   * branch, oldest first: its ancestors' listings from the last that showed
   * the file whole or carried all that was known then (another branch's
   * listings and edits say nothing of this one's file), and none before an
   * edit on the branch that was not followed.
   */
  private linesBefore(record: FileRecord, segment: number): Listing[] {
    const onBranch = (id: number) => id === segment || this.forest.isAncestor(id, segment);
    const carriedAt = new Set<number>();
    for (const l of record.listings) if (l.carried && onBranch(l.segment)) carriedAt.add(l.segment);
    let cut = -1;
    for (const edits of [record.edits, this.editedAt.get(record) ?? []])
      for (const e of edits) if (e < segment && e > cut && !carriedAt.has(e) && onBranch(e)) cut = e;
    const out: Listing[] = [];
    for (let i = record.listings.length - 1; i >= 0; i--) {
      const l = record.listings[i];
      if (l.segment < cut) break;
      if (!onBranch(l.segment)) continue;
      out.push(l);
      if (l.carried || l.shown.complete) break;
    }
    return out.reverse();
  }

  /** The session's causal forest: which segments lie on which branch. */
  private get forest(): CausalForest {
    return causalForest(this.transcript);
  }

  /**
   * After the segment that edited files: each edited file's known lines, as
   * the edits left them, become a listing at that segment, unless a whole
   * listing there already shows the file so.
   */
  private carryEdited(segment: number): void {
    for (const [record, followed] of this.touched) {
      // An edit not followed leaves nothing known, and no listing before it may be put in later.
      const tracker = this.trackerOf(record, segment);
      if (!followed) tracker.forget();
      const edits = this.editedAt.get(record);
      if (edits) edits.push(segment);
      else this.editedAt.set(record, [segment]);
      if (!followed || this.wholeAt.get(record) === segment) continue;
      const shown = tracker.listing(record.names[0]);
      if (shown) this.addListing(record.names[0], { segment, shown, carried: true });
    }
    this.touched.clear();
  }

  /**
   * A patch (`*** Begin Patch`): a file it adds is listed from its `+` lines,
   * as a write is; a file it updates, moves or deletes is edited, so what a
   * listing before showed of its length no longer holds. A file nothing
   * listed before gains no record from an update: the patch shows none of
   * its line numbers.
   */
  private readPatch(call: ToolCall, resultId: number): boolean {
    const patched = patchedFiles(call.input);
    if (patched.length === 0) return false;
    const segments = this.transcript.segments;
    // Where the patch is in the transcript: the offsets of its lines.
    const at = call.segments.find((id) => segments[id].text.includes('*** Begin Patch'));
    const sections = at === undefined ? [] : patchSections(segments[at].text);
    if (at !== undefined) this.followPatch(sections, at, resultId);
    for (const p of patched) {
      if (p.change === 'add') {
        const lines = sections.find((s) => s.change === 'add' && s.file === p.file)?.lines;
        if (lines && at !== undefined) this.addListing(p.file, { segment: at, shown: addedLines(p.file, lines), derived: true });
        continue;
      }
      for (const r of this.filesNamed(p.file)) {
        this.noteEdit(r, resultId);
        r.growth.set(resultId, (r.growth.get(resultId) ?? 0) + p.added);
      }
    }
    return true;
  }

  /**
   * Follows a patch's hunks (its sections, read from segment `at`) through
   * the known lines of each file it updates; a file it deletes or moves is
   * no longer known by its name.
   */
  private followPatch(sections: PatchSection[], at: number, resultId: number): void {
    for (const section of sections) {
      if (section.change === 'add') continue;
      for (const r of this.filesNamed(section.file)) {
        const tracker = this.trackerOf(r, resultId);
        if (section.change === 'update' && section.hunks && section.movedTo === undefined) tracker.patch(section.hunks, at);
        else tracker.forget();
        this.touched.set(r, true);
      }
    }
  }

  /** A file the agent wrote whole is listed from the content it wrote. */
  private readWrite(call: ToolCall): boolean {
    const written = writtenFile(call.name, call.input);
    if (!written) return false;
    const segments = this.transcript.segments;
    const at = call.segments.find((id) => segments[id].text.includes(written.content));
    if (at === undefined) return false;
    const offset = segments[at].text.indexOf(written.content);
    const shown = linesOf(written.file, written.content, offset);
    this.addListing(written.file, { segment: at, shown, derived: true });
    return true;
  }

  /**
   * The file most recently listed before `outputId` that the output can see
   * (what "line 12" means when no file is named), looking back a bounded way.
   */
  latestListedBefore(outputId: number, visible: (segment: number) => boolean): FileRecord | undefined {
    const all = this.timeline;
    const lo = firstAtLeastBy(all, (fact) => fact.segment, outputId);
    for (let i = lo - 1, tries = 0; i >= 0 && tries < LOOK_BACK; i--, tries++) {
      if (visible(all[i].segment)) return all[i].record;
    }
    return undefined;
  }

  private addListing(file: string, listing: Listing): void {
    const record = this.record(file);
    if (listing.carried) {
      // Known lines, not a listing the session printed: no length, no task list, not the file under discussion.
      if (this.sorted) insertBySegment(record.listings, listing);
      else record.listings.push(listing);
      return;
    }
    sortByLine(listing.shown);
    if (this.tracked.has(record)) this.trackerOf(record, listing.segment).show(listing.shown, listing.segment);
    if (listing.shown.complete) this.wholeAt.set(record, listing.segment);
    if (this.sorted) {
      // Where a stable sort of everything would put it: after every fact at the same segment or before.
      insertBySegment(record.listings, listing);
      insertBySegment(this.timeline, { segment: listing.segment, record });
      if (listing.segment < this.readTo) this.placedEarlier.push(listing.segment);
    } else {
      record.listings.push(listing);
      this.timeline.push({ segment: listing.segment, record });
    }
    const { shown } = listing;
    if (shown.complete && shown.lines.length > 0) {
      const last = shown.lines.length - 1;
      const lineText = (i: number) => shown.texts?.[i] ?? this.groundingText(shown.segments?.[i] ?? listing.segment).slice(shown.starts[i], shown.ends[i]);
      let blankTail = 0;
      while (blankTail < Math.min(last, MAX_BLANK_TAIL) && lineText(last - blankTail).trim() === '') blankTail++;
      // A line an edit placed in another segment has no place in this one.
      const place = (shown.segments?.[last] ?? listing.segment) === listing.segment ? { start: shown.starts[last], end: shown.ends[last] } : {};
      record.counts.push({ segment: listing.segment, count: shown.lines[last], ...place, blankTail });
      const tags = checkboxTags(shown, listing.segment, lineText);
      if (tags.size > 0) {
        const checklist = { segment: listing.segment, file, tags };
        if (this.sorted) insertBySegment(this.checklists, checklist);
        else this.checklists.push(checklist);
      }
    }
  }

  /** The record of the file `path` names, merging spellings of one file (absolute and relative). */
  private record(path: string): FileRecord {
    const name = cleanPath(path);
    const base = baseName(name).toLowerCase();
    let ids = this.byBase.get(base);
    if (!ids) this.byBase.set(base, (ids = []));
    for (const i of ids) {
      const r = this.records[i];
      if (r.names.includes(name)) return r;
      // Only spellings with a directory merge: two bare `index.ts` may be two files.
      if (name.includes('/') && r.names.some((n) => n.includes('/') && (pathNames(name, n) || pathNames(n, name)))) {
        r.names.push(name);
        return r;
      }
    }
    const record: FileRecord = { names: [name], listings: [], counts: [], edits: [], growth: new Map(), rewrites: [] };
    ids.push(this.records.length);
    this.records.push(record);
    return record;
  }
}

/**
 * Cline's read_file returns the file as it is, after a header segment
 * (`[read_file for 'a.ts'] Result:`): the content is the whole file,
 * unnumbered (Roo's `1 | …` gutters are read as gutters). The header is no listing.
 */
function plainReadShape(s: Segment, call: ToolCall | undefined): ListingShape | 'header' | undefined {
  if (!s.tool?.target || !/read/i.test(s.tool.name)) return undefined;
  if (s.text.startsWith('[') && s.text.indexOf('] Result:') !== -1 && s.text.indexOf('\n') === -1) return 'header';
  if (/^\s*1 \| /m.test(s.text.slice(0, 400))) return { kind: 'numbered', file: s.tool.target, complete: true };
  if (call && /^(Read|view)$/.test(call.name)) return undefined;
  // Header and content in one block: the header is line 0, so the file's first line is 1.
  const headed = s.text.startsWith('[') && s.text.slice(0, s.text.indexOf('\n') >>> 0).includes('] Result:');
  return { kind: 'lines', file: s.tool.target, from: headed ? 0 : 1, complete: true };
}

/** A result whose header names its file (Cline's `[read_file for 'a.ts']`): the whole file, unnumbered unless it has gutters. */
function targetShape(s: Segment): ListingShape | undefined {
  if (!s.tool?.target || !/read/i.test(s.tool.name)) return undefined;
  return { kind: 'lines', file: s.tool.target, from: 1, complete: true };
}

/** The lines of a file a patch added, as a complete listing of it. */
function addedLines(file: string, lines: readonly HunkLine[]): ShownLines {
  const shown: ShownLines = { file, lines: [], starts: [], ends: [], complete: true };
  lines.forEach((line, i) => {
    shown.lines.push(i + 1);
    shown.starts.push(line.start);
    shown.ends.push(line.end);
  });
  return shown;
}

/** The lines of written content, as a complete listing at `offset` in its segment. */
function linesOf(file: string, content: string, offset: number): ShownLines {
  const shown: ShownLines = { file, lines: [], starts: [], ends: [], complete: true };
  const body = content.endsWith('\n') ? content.slice(0, -1) : content;
  let n = 1;
  forEachLine(body, (start, end) => {
    shown.lines.push(n++);
    shown.starts.push(offset + start);
    shown.ends.push(offset + end);
  });
  return shown;
}

/** A checkbox line of a Markdown task list and the bracketed tags after its box: `- [ ] T006 [P] [US1] …`. */
const CHECKBOX = /^\s*[-*] \[([ xX])\] ((?:[^[\]\n]{0,16}\[[^\]\n]{1,16}\])+)/;
const TAG = /\[([^\]\n]{1,16})\]/g;

/** The tags of a whole listing's checkbox lines, each with the lines that carry it and where the first is. */
function checkboxTags(shown: ShownLines, segment: number, lineText: (i: number) => string): Map<string, ChecklistGroup> {
  const groups = new Map<string, ChecklistGroup>();
  for (let i = 0; i < shown.lines.length; i++) {
    const m = CHECKBOX.exec(lineText(i));
    if (!m) continue;
    // A line an edit placed in another segment has no place in this one; its count still holds.
    const here = (shown.segments?.[i] ?? segment) === segment;
    const tags = [...new Set([...m[2].matchAll(TAG)].map((t) => t[1]))];
    for (const tag of tags) {
      let group = groups.get(tag);
      if (!group) groups.set(tag, (group = { count: 0, checked: 0, withTag: new Map(), start: here ? shown.starts[i] : 0, end: here ? shown.ends[i] : 0 }));
      group.count++;
      if (m[1] !== ' ') group.checked++;
      for (const other of tags) if (other !== tag) group.withTag.set(other, (group.withTag.get(other) ?? 0) + 1);
    }
  }
  return groups;
}

function insertBySegment<T extends { segment: number }>(list: T[], item: T): void {
  let at = list.length;
  if (at > 0 && list[at - 1].segment > item.segment) at = firstAboveBy(list, (x) => x.segment, item.segment);
  list.splice(at, 0, item);
}

/** Puts a listing's lines in ascending order (grep output of several passes may not be), keeping each line's place. */
function sortByLine(shown: ShownLines): void {
  const { lines } = shown;
  let ascending = true;
  for (let i = 1; i < lines.length && ascending; i++) ascending = lines[i - 1] < lines[i];
  if (ascending) return;
  const order = lines.map((_, i) => i).sort((a, b) => lines[a] - lines[b]);
  const keep = order.filter((i, k) => k === 0 || lines[i] !== lines[order[k - 1]]);
  shown.lines = keep.map((i) => lines[i]);
  shown.starts = keep.map((i) => shown.starts[i]);
  shown.ends = keep.map((i) => shown.ends[i]);
}

/**
 * The replacements an edit call made, each with the segment holding its new
 * text: Edit (`old_string`/`new_string`), MultiEdit (`edits[]`) and the
 * `str_replace` command of text-editor tools (`old_str`/`new_str`).
 */
function editOf(call: ToolCall, segments: readonly Segment[]): { file: string; replacements: Replacement[] } | undefined {
  const file = inputFile(call.input);
  if (!file || typeof call.input !== 'object' || call.input === null) return undefined;
  const input = call.input as Record<string, unknown>;
  const fieldSegment = (field: string) => call.segments.find((id) => segments[id].tool?.field === field);
  const one = (o: Record<string, unknown>, prefix: string): Replacement | undefined => {
    const oldText = o.old_string ?? o.old_str;
    const newText = o.new_string ?? o.new_str;
    if (typeof oldText !== 'string' || typeof newText !== 'string') return undefined;
    const key = o.new_string !== undefined ? 'new_string' : 'new_str';
    const segment = newText === '' ? call.segments[0] : fieldSegment(`${prefix}${key}`);
    if (segment === undefined) return undefined;
    return { oldText, newText, segment, offset: 0, all: o.replace_all === true };
  };
  if (Array.isArray(input.edits)) {
    const replacements: Replacement[] = [];
    for (let k = 0; k < input.edits.length; k++) {
      const e = input.edits[k];
      const r = typeof e === 'object' && e !== null ? one(e as Record<string, unknown>, `edits.${k}.`) : undefined;
      if (!r) return undefined;
      replacements.push(r);
    }
    return replacements.length > 0 ? { file, replacements } : undefined;
  }
  const r = one(input, '');
  return r ? { file, replacements: [r] } : undefined;
}

/** Test summaries are at the end of a run's output; reading its tail keeps this cheap on long logs. */
const SUMMARY_TAIL = 8192;
/** What a test runner's summary says of the tests it counts. */
export type TestState = 'passed' | 'failed' | 'skipped';

/** Stems a test runner puts after a count (`29 passed`, bun's `27 pass`, mocha's `3 failing`, pytest's `6 skipped`). */
const SUMMARY_STEMS: [string, TestState][] = [
  [' pass', 'passed'],
  [' fail', 'failed'],
  [' skip', 'skipped'],
];
const STEM_ENDINGS = ['ed', 'ing', 'ped', ''];
/** A summary line that labels its figure: `Passed: 41`, `  Tests failed:  0`, `✓ Skipped: 2`. */
const LABELLED_SUMMARY = /^[ \t]*(?:[^\w\s][ \t]*)?(?:tests?[ \t]+)?(passed|failed|skipped)[ \t]*:[ \t]*(\d{1,7})[ \t]*$/i;

/**
 * `29 passed`, `3 failing`, `27 pass`, `Ran 12 tests`: what a test runner
 * reported, with where the figure is. Native searches for the stems, then a
 * look at the digits before them: no regex reads the output.
 */
function testTallies(text: string): { start: number; end: number; count: number; state: TestState }[] {
  const from = Math.max(0, text.length - SUMMARY_TAIL);
  const out: { start: number; end: number; count: number; state: TestState }[] = [];
  for (const [stem, state] of SUMMARY_STEMS) {
    for (let at = text.indexOf(stem, from); at !== -1; at = text.indexOf(stem, at + stem.length)) {
      const ending = STEM_ENDINGS.find((e) => text.startsWith(e, at + stem.length) && !isWordChar(text.charCodeAt(at + stem.length + e.length)));
      if (ending === undefined) continue;
      let start = at;
      while (start > from && start > at - 7 && isDigitCode(text.charCodeAt(start - 1))) start--;
      if (start === at || !standsAlone(text, start) || countsFilesOrSuites(text, start)) continue;
      out.push({ start, end: at, count: Number(text.slice(start, at)), state });
    }
  }
  // A summary of labelled lines: `Passed: 41`, `Tests failed: 0`.
  forEachLine(text.slice(from), (start, end) => {
    const m = LABELLED_SUMMARY.exec(text.slice(from + start, from + end));
    if (!m) return;
    const at = from + start + m[0].length - m[2].length;
    const state: TestState = m[1][0] === 'p' || m[1][0] === 'P' ? 'passed' : m[1][0] === 'f' || m[1][0] === 'F' ? 'failed' : 'skipped';
    out.push({ start: at, end: at + m[2].length, count: Number(m[2]), state });
  });
  for (let at = text.indexOf('Ran ', from); at !== -1; at = text.indexOf('Ran ', at + 4)) {
    let end = at + 4;
    while (end < text.length && end < at + 11 && isDigitCode(text.charCodeAt(end))) end++;
    if (end > at + 4 && text.startsWith(' test', end)) out.push({ start: at + 4, end, count: Number(text.slice(at + 4, end)), state: 'passed' });
  }
  // A skip count alone ("2 skipped" from a migration or a copy) is no test run's.
  const ran = out.some((t) => t.state !== 'skipped');
  return (ran ? out : []).sort((x, y) => x.start - y.start);
}

/**
 * Whether the figure at `at` stands as a number of its own, as a runner
 * prints its counts: at a line's start, after a space or an opening
 * bracket, or after a colour code. Digits that end a word or an id
 * (`PV-2026-0451 failed`, `v1.2 passed`, `#12 failed`) are no count.
 */
function standsAlone(text: string, at: number): boolean {
  if (at === 0) return true;
  const c = text.charCodeAt(at - 1);
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 40 || c === 91 || c === 123 || afterColour(text, at);
}

/** A terminal colour code (`ESC[1m`, `ESC[32m`) as a runner writes it right before a figure: its `m` ends the code, no word. */
const COLOUR_CODE = /\x1b\[[0-9;]{0,12}m$/;
/** Colour codes anywhere in a line's head. */
const COLOUR_CODES = /\x1b\[[0-9;]{0,12}m/g;

/** Whether the figure at `at` follows a colour code: `ESC[32m14 passed` is the runner's `14 passed` in green. */
function afterColour(text: string, at: number): boolean {
  return COLOUR_CODE.test(text.slice(Math.max(0, at - 16), at));
}

/** Vitest's `Test Files  3 passed (4)` and Jest's `Test Suites: 3 passed` count files, not tests (in colour or not). */
function countsFilesOrSuites(text: string, at: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const head = text
    .slice(lineStart, Math.min(at, lineStart + 80))
    .replace(COLOUR_CODES, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('test files') || head.startsWith('test suites') || head.startsWith('suites');
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isWordChar(c: number): boolean {
  return isDigitCode(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** The words of the last command `call` ran, when nothing filtered its output (a `| head` would cut a help short). */
function soleCommand(call: ToolCall): string[] | undefined {
  const pipelines = shellPipelines(call.name, call.input);
  const last = pipelines?.[pipelines.length - 1];
  return last?.length === 1 ? last[0].argv : undefined;
}

/** How a call is named in a message: its command, or its tool name. */
function commandLabel(call: ToolCall): string {
  return shortened(commandText(call));
}

/** A command as a message names it: its first 79 characters and an ellipsis when longer. */
function shortened(command: string): string {
  return command.length > 80 ? `${command.slice(0, 79)}…` : command;
}

/** The whole command a call ran, or its tool name. */
function commandText(call: ToolCall): string {
  const input = call.input as Record<string, unknown> | undefined;
  const c = input && typeof input === 'object' ? (input.command ?? input.cmd) : undefined;
  return Array.isArray(c) ? String(c[c.length - 1]) : typeof c === 'string' ? c : call.name;
}

/**
 * The command that ran a suite, as one run of it is told from another's:
 * the last command of a chain (`npm run typecheck && npm test`), without
 * what reads or redirects its output (`2>&1 | tail -40` differs from run
 * to run of the same suite).
 */
function suiteCommand(command: string): string {
  const chain = command.split(/&&|;|\n/);
  return chain[chain.length - 1]
    .split('|')[0]
    .replace(/\d?>&\d|\d?>\s*\S+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Longest prompt scanned for `@path` attachments. */
const MAX_PROMPT_SCAN = 64 * 1024;

/**
 * `@src/app.ts` in a prompt: Claude Code and other agents attach the file's
 * content to the prompt, and some logs leave that content out. Scoped
 * packages (`@prisma/client`) and mentions (`@alice`) are not files.
 */
export function attachedPaths(text: string): string[] {
  const out: string[] = [];
  const head = text.length > MAX_PROMPT_SCAN ? text.slice(0, MAX_PROMPT_SCAN) : text;
  for (let at = head.indexOf('@'); at !== -1; at = head.indexOf('@', at + 1)) {
    if (at > 0 && !/[\s(["'`]/.test(head[at - 1])) continue;
    let end = at + 1;
    while (end < head.length && /[\w./~+-]/.test(head[end])) end++;
    const path = head.slice(at + 1, end).replace(/[.,;:]+$/, '');
    if (path.length > 1 && looksLikeFilePath(path) && !out.includes(path)) out.push(path);
  }
  return out;
}

/** Letters and digits of a cited path below which a respelling names no file surely. */
const MIN_RESPELT = 10;

/** A path's letters and digits, lower-cased: what stays when separators are typed wrong. */
function separatorsDropped(path: string): string {
  return path.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The shell command a call's input holds (an argv array joined by spaces), or undefined for one that holds none. */
function shellCommand(input: unknown): string | undefined {
  const fields = input as Record<string, unknown> | undefined;
  const c = fields?.command ?? fields?.cmd;
  if (typeof c === 'string') return c;
  if (Array.isArray(c) && c.every((x) => typeof x === 'string')) return c.join(' ');
  return undefined;
}
