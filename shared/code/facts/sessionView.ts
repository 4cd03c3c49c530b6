/**
 * One output's view of the session's facts: only what lies in its causal
 * past counts (a file read after the output cannot back it). Questions are
 * per file, and read at most the latest few hundred listings of that file,
 * so a file read a thousand times costs no more than one read often.
 */
import type { Range } from '../../classifier/types';
import type { CausalForest } from '../../transcript/causalContext';
import type { ToolCall } from '../../transcript/toolCalls';
import type { Checklist, FileRecord, LineCount, Listing, OptionList, SessionFacts, Tally } from './sessionFacts';
import { firstAtLeast, lastAtMostBy } from '../../text/sortedSearch';

/** Listings of one file an output question reads, newest first. */
const MAX_LISTINGS = 256;
/** Counts an output's count claims are compared with. */
const MAX_TALLIES = 64;
/** Option lists an output's flags are checked against, newest first. */
const MAX_OPTION_LISTS = 512;
/** Lines a file reader shows when not asked for a range: a listing this long may be the file cut short. */
const READER_PAGE = 2000;
/** Whole task lists looked back over for a tag's group. */
const MAX_CHECKLISTS = 64;
/** Listings searched for an identifier's line. */
const MAX_SEARCHED = 16;

/** Where a shown line is: the segment and the line's text range in it. */
export interface LinePlace {
  segment: number;
  start: number;
  end: number;
}

/** A line holding a token, with where it is; `followed` when no listing printed it there (its number was worked out from edits). */
export interface LineWith {
  line: number;
  place: LinePlace;
  text: string;
  followed?: true;
}

export interface SessionView {
  /** Files a path names that this output knows anything of (listed, counted or edited before it). */
  files(path: string): FileKnowledge[];
  /** Files this output knows whose names end with the name `path` gives after a separator (`user.entity.ts` for `entity.ts`). */
  filesShortenedTo(path: string): FileKnowledge[];
  /** Files this output knows whose path spells `path` with other separators (`a/b.py` for `a.b.py`). */
  filesRespelt(path: string): FileKnowledge[];
  /** The file most recently listed before this output (the one "line 12" means without a name). */
  latestListed(): FileKnowledge | undefined;
  /** Counts that commands printed before this output, newest first (a bounded number); read once per view, shared by the rules that ask. */
  tallies(): readonly Tally[];
  /** The latest whole task list before this output whose checkbox lines carry `[tag]`, if one of the last few does. */
  checklist(tag: string): Checklist | undefined;
  /**
   * Files a prompt before this output attached with `@path` whose content the
   * log does not hold (no listing of them follows the prompt).
   */
  unloggedAttachments(): string[];
  /** Option lists (definitions and help outputs) before this output, newest first (a bounded number). */
  optionLists(): OptionList[];
  /** Program names a project manifest before this output declares. */
  declaredPrograms(): Set<string>;
  /** Versions `program --version` printed before this output, oldest first. */
  versions(program: string): { segment: number; value: string; start: number; end: number }[];
  /**
   * The tool calls before this output, newest first, each with its result
   * when one came back: walked back along the output's own branch, so a
   * caller that stops early reads only as far back as it needed.
   */
  steps(): Iterable<ToolStep>;
  /**
   * The first step of `steps()`, among its first `max`, whose command and
   * call `test` accepts: the same walk, without a step made for every call
   * passed over (it may pass over hundreds, for many outputs).
   */
  findStep(test: (command: string | undefined, call: ToolCall) => boolean, max: number): ToolStep | undefined;
}

/** A tool call as an output's past holds it. */
export interface ToolStep {
  call: ToolCall;
  /** Its result segment on the branch (the last one, when the result came in several), if any. */
  result?: number;
  /** The shell command it ran, as its call wrote it (an argv array joined by spaces), if any. */
  command: string | undefined;
}

/** The shell command a step ran, as its call wrote it (an argv array joined by spaces), or undefined for a call that ran none. */
export function stepCommand(step: ToolStep): string | undefined {
  return step.command;
}

export class FileKnowledge {
  private ranges: Range[] | undefined;
  private visibleListings: Listing[] | undefined;

  constructor(
    readonly record: FileRecord,
    /** The output's latest ancestor: no listing after it is visible. */
    private readonly latest: number,
    private readonly text: (segment: number) => string,
    private readonly visible: (segment: number) => boolean,
  ) {}

  /**
   * Visible listings, newest first (at most MAX_LISTINGS), gathered on first
   * read: most questions an output asks of a file (is it known, how long is
   * it) read none, and a file read hundreds of times would cost each
   * output's view that many visibility tests.
   */
  private get listings(): readonly Listing[] {
    if (this.visibleListings) return this.visibleListings;
    const all = this.record.listings;
    const out: Listing[] = [];
    for (let i = lastAtOrBefore(all, this.latest); i >= 0 && out.length < MAX_LISTINGS; i--) {
      if (this.visible(all[i].segment)) out.push(all[i]);
    }
    return (this.visibleListings = out);
  }

  /** The spelling to show: the longest the session used. */
  get name(): string {
    return this.record.names.reduce((a, b) => (b.length > a.length ? b : a));
  }

  /**
   * The newest listing that showed `line`, and where. A line followed through
   * an edit to a number no listing gave is not shown by that number: the
   * agent would have had to work it out.
   */
  shown(line: number): LinePlace | undefined {
    for (const l of this.listings) {
      if (l.carried) continue;
      const i = indexOfLine(l.shown.lines, line);
      if (i !== -1) return { segment: l.shown.segments?.[i] ?? l.segment, start: l.shown.starts[i], end: l.shown.ends[i] };
    }
    return undefined;
  }

  /** The text of `line` in the newest listing printed at or before `segment` that showed it, with that listing's segment. */
  shownTextAt(line: number, segment: number): { text: string; segment: number } | undefined {
    for (const l of this.listings) {
      if (l.carried || l.segment > segment) continue;
      const i = indexOfLine(l.shown.lines, line);
      if (i === -1) continue;
      const text = l.shown.texts?.[i] ?? this.text(l.shown.segments?.[i] ?? l.segment).slice(l.shown.starts[i], l.shown.ends[i]);
      return { text, segment: l.segment };
    }
    return undefined;
  }

  /** Whether a listing printed with line numbers at or after `segment` showed `line`: not one the agent's own edit or write derived. */
  printedSince(line: number, segment: number): boolean {
    for (const l of this.listings) {
      if (l.segment < segment) break;
      if (!l.carried && !l.derived && indexOfLine(l.shown.lines, line) !== -1) return true;
    }
    return false;
  }

  /** Every line a listing showed, as merged inclusive ranges (lines followed through edits are not shown again). */
  shownRanges(): Range[] {
    if (this.ranges) return this.ranges;
    const all: number[] = [];
    for (const l of this.listings) if (!l.carried) for (const n of l.shown.lines) all.push(n);
    all.sort((a, b) => a - b);
    const out: Range[] = [];
    for (const n of all) {
      const last = out[out.length - 1];
      if (last && n <= last[1] + 1) last[1] = Math.max(last[1], n);
      else out.push([n, n]);
    }
    return (this.ranges = out);
  }

  /** Whether an edit this output can see came after every listing it can see: the lines shown may have moved since. */
  editedSinceShown(): boolean {
    // Lines followed through an edit may be only some of those shown before it: the edit still came after the listing.
    const newest = this.listings.find((l) => !l.carried)?.segment ?? -1;
    return this.record.edits.some((e) => e > newest && this.visible(e));
  }

  /**
   * The most lines the file can have now: its length when last learnt and
   * every line the patches since could have added. Undefined when the length
   * was never learnt or an edit since does not say how much it added.
   */
  mostLines(): number | undefined {
    const latest = this.latestCount();
    if (!latest) return undefined;
    let most = latest.count;
    for (const e of this.record.edits) {
      if (e <= latest.segment || !this.visible(e)) continue;
      const added = this.record.growth.get(e);
      if (added === undefined) return undefined;
      most += added;
    }
    return most;
  }

  /** The newest length this output can see stated for the file, with where. */
  private latestCount(): { segment: number; count: number } | undefined {
    let latest: { segment: number; count: number } | undefined;
    for (const c of this.record.counts) if (this.visible(c.segment) && (!latest || c.segment > latest.segment)) latest = c;
    return latest;
  }

  /** The file's length when known and not edited since it was learnt. */
  lineCount(): number | undefined {
    const latest = this.latestCount();
    if (!latest) return undefined;
    const edited = this.record.edits.some((e) => e > latest.segment && this.visible(e));
    return edited ? undefined : latest.count;
  }

  /**
   * The file's lengths the session showed since its last edit, newest
   * first: each the lines from its last line of text to its last line,
   * where a complete listing ended in empty lines (a reader shows the final
   * newline as one; `wc -l` and the eye do not count them). A file without
   * a final newline has one line fewer by `wc -l`, which counts newlines,
   * than by a reader, so every count stands, not only the newest. A listing
   * of exactly a reader's page (2000 lines) may be the file cut short: no
   * length.
   */
  lengths(): { least: number; most: number; place?: LinePlace }[] {
    let edited = -1;
    for (const e of this.record.edits) if (e > edited && this.visible(e)) edited = e;
    const out: { least: number; most: number; place?: LinePlace; segment: number }[] = [];
    for (const c of this.record.counts) {
      if (c.segment <= edited || !this.visible(c.segment)) continue;
      if (c.blankTail !== undefined && c.count === READER_PAGE) continue;
      const place = c.start !== undefined && c.end !== undefined ? { segment: c.segment, start: c.start, end: c.end } : undefined;
      out.push({ least: c.count - (c.blankTail ?? 0), most: c.count, segment: c.segment, ...(place ? { place } : {}) });
    }
    return out.sort((a, b) => b.segment - a.segment).map(({ segment: _, ...l }) => l);
  }

  /** Whether a shell command this output can see may have changed the file (`sed -i`, a formatter) since the newest listing the session printed of it. */
  rewrittenSinceShown(): boolean {
    const newest = this.listings.find((l) => !l.carried)?.segment ?? -1;
    return this.record.rewrites.some((r) => r > newest && this.visible(r));
  }

  /** The newest edit this output can see, or undefined when it saw none. */
  latestEdit(): number | undefined {
    let latest: number | undefined;
    for (const e of this.record.edits) if (this.visible(e) && (latest === undefined || e > latest)) latest = e;
    return latest;
  }

  /** The edits this output can see after `segment`, ascending. */
  editsAfter(segment: number): number[] {
    return this.record.edits.filter((e) => e > segment && this.visible(e));
  }

  /**
   * The lines whose text, trimmed, is `text` in the file as known at or after
   * `since` (each line's text from the newest listing that shows it), with
   * where, in ascending order.
   */
  linesHolding(text: string, since: number): LineWith[] {
    const seen = new Set<number>();
    const out: LineWith[] = [];
    for (const l of this.listings) {
      if (l.segment < since) break;
      const { lines, starts, ends, segments, texts } = l.shown;
      for (let i = 0; i < lines.length; i++) {
        if (seen.has(lines[i])) continue;
        seen.add(lines[i]);
        const segment = segments?.[i] ?? l.segment;
        const line = texts?.[i] ?? this.text(segment).slice(starts[i], ends[i]);
        if (line.trim() !== text) continue;
        out.push({ line: lines[i], place: { segment, start: starts[i], end: ends[i] }, text: line, ...(l.carried ? { followed: true as const } : {}) });
      }
    }
    return out.sort((a, b) => a.line - b.line);
  }

  /**
   * The text of each line from `from` to `to` that a listing at or after
   * `since` (the file as it stands after an edit) showed, from the newest
   * listing that did; lines none showed are left out.
   */
  linesSince(from: number, to: number, since: number): Map<number, string> {
    const out = new Map<number, string>();
    for (const l of this.listings) {
      if (l.segment < since) break;
      const { lines, starts, ends, segments, texts } = l.shown;
      for (let i = firstAtLeast(lines, from); i < lines.length && lines[i] <= to; i++) {
        if (out.has(lines[i])) continue;
        out.set(lines[i], texts?.[i] ?? this.text(segments?.[i] ?? l.segment).slice(starts[i], ends[i]));
      }
    }
    return out;
  }

  /**
   * Lines (of the newest listings) whose text has `token` as a whole word,
   * with where; with `since`, only listings at or after it, with `before`,
   * only listings before it (the file as it stood on either side of an edit);
   * with `printed`, only listings the session printed, not lines followed
   * through edits (those show where lines went, not where the agent saw them).
   */
  linesWith(token: string, span: { since?: number; before?: number; printed?: boolean } = {}): LineWith[] {
    const out: LineWith[] = [];
    const seen = new Set<number>();
    const listings = this.listings.filter(
      (l) => (span.since === undefined || l.segment >= span.since) && (span.before === undefined || l.segment < span.before) && !(span.printed && l.carried),
    );
    for (const l of listings.slice(0, MAX_SEARCHED)) {
      const { lines, starts, ends, segments, texts } = l.shown;
      for (let i = 0; i < lines.length; i++) {
        if (seen.has(lines[i])) continue;
        const segment = segments?.[i] ?? l.segment;
        const line = texts?.[i] ?? this.text(segment).slice(starts[i], ends[i]);
        if (!hasWholeWord(line, token)) continue;
        seen.add(lines[i]);
        out.push({ line: lines[i], place: { segment, start: starts[i], end: ends[i] }, text: line, ...(l.carried ? { followed: true as const } : {}) });
      }
    }
    return out;
  }
}

/** Builds the view of `outputId`. */
export function sessionView(facts: SessionFacts, forest: CausalForest, outputId: number, text: (segment: number) => string): SessionView {
  const visible = (segment: number) => forest.isAncestor(segment, outputId);
  // Lists in file order are read from the output's latest ancestor back: what follows it is never visible.
  const latest = forest.latestAncestor(outputId);
  const knowledge = (record: FileRecord): FileKnowledge | undefined => {
    const known = anyListingVisible(record.listings, latest, visible) || record.counts.some((c) => visible(c.segment)) || record.edits.some(visible);
    return known ? new FileKnowledge(record, latest, text, visible) : undefined;
  };
  // Several count rules read the tallies of one output; the walk back is made once.
  let tallies: readonly Tally[] | undefined;
  const knownOf = (records: readonly FileRecord[]): FileKnowledge[] => {
    const out: FileKnowledge[] = [];
    for (const r of records) {
      const k = knowledge(r);
      if (k) out.push(k);
    }
    return out;
  };
  return {
    files(path) {
      return knownOf(facts.filesNamed(path));
    },
    filesShortenedTo(path) {
      return knownOf(facts.filesShortenedTo(path));
    },
    filesRespelt(path) {
      return knownOf(facts.filesRespelt(path));
    },
    latestListed() {
      const record = facts.latestListedBefore(outputId, visible);
      return record ? knowledge(record) : undefined;
    },
    unloggedAttachments() {
      const out: string[] = [];
      for (const a of facts.attachments) {
        if (!visible(a.segment) || out.includes(a.path)) continue;
        const shown = facts.filesNamed(a.path).some((r) => r.listings.some((l) => l.segment > a.segment && visible(l.segment)));
        if (!shown) out.push(a.path);
      }
      return out;
    },
    versions(program) {
      return facts.versions.filter((v) => v.program === program && visible(v.segment));
    },
    *steps() {
      const seen = new Set<number>();
      for (let id = forest.parentOf[outputId]; id !== -1; id = forest.parentOf[id]) {
        const index = facts.callIndexAt(id);
        if (index === -1 || seen.has(index)) continue;
        seen.add(index);
        const call = facts.callOfIndex(index);
        const command = facts.commandOf(index);
        yield call.results.includes(id) ? { call, result: id, command } : { call, command };
      }
    },
    findStep(test, max) {
      const seen = new Set<number>();
      for (let id = forest.parentOf[outputId]; id !== -1; id = forest.parentOf[id]) {
        const index = facts.callIndexAt(id);
        if (index === -1 || seen.has(index)) continue;
        seen.add(index);
        if (seen.size > max) return undefined;
        const call = facts.callOfIndex(index);
        const command = facts.commandOf(index);
        if (test(command, call)) return call.results.includes(id) ? { call, result: id, command } : { call, command };
      }
      return undefined;
    },
    optionLists() {
      const out: OptionList[] = [];
      const all = facts.optionLists;
      for (let i = lastAtOrBefore(all, latest); i >= 0 && out.length < MAX_OPTION_LISTS; i--) if (visible(all[i].segment)) out.push(all[i]);
      return out;
    },
    declaredPrograms() {
      const out = new Set<string>();
      for (const d of facts.declaredPrograms) if (visible(d.segment)) out.add(d.name);
      return out;
    },
    checklist(tag) {
      const all = facts.checklists;
      for (let i = lastAtOrBefore(all, latest), seen = 0; i >= 0 && seen < MAX_CHECKLISTS; i--, seen++) {
        if (visible(all[i].segment) && all[i].tags.has(tag)) return all[i];
      }
      return undefined;
    },
    tallies() {
      if (tallies) return tallies;
      const out: Tally[] = [];
      const all = facts.tallies;
      for (let i = lastAtOrBefore(all, latest); i >= 0 && out.length < MAX_TALLIES; i--) if (visible(all[i].segment)) out.push(all[i]);
      return (tallies = out);
    },
  };
}

/** Whether a listing at or before `latest` is visible: the newest usually is, so this mostly reads one. */
function anyListingVisible(listings: readonly Listing[], latest: number, visible: (segment: number) => boolean): boolean {
  for (let i = lastAtOrBefore(listings, latest); i >= 0; i--) if (visible(listings[i].segment)) return true;
  return false;
}

/** Index of the last item whose segment is at most `segment`, or -1; `items` ascend by segment. */
function lastAtOrBefore(items: readonly { segment: number }[], segment: number): number {
  return lastAtMostBy(items, (item) => item.segment, segment);
}

/** `lines` strictly ascends (listings are sorted and deduplicated when recorded). */
function indexOfLine(lines: readonly number[], line: number): number {
  const i = firstAtLeast(lines, line);
  return i < lines.length && lines[i] === line ? i : -1;
}

function hasWholeWord(text: string, token: string): boolean {
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + 1)) {
    if (!isWordChar(text.charCodeAt(at - 1)) && !isWordChar(text.charCodeAt(at + token.length))) return true;
  }
  return false;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}
