/**
 * Sessions kept parsed and indexed between stops, so a stop on a long
 * session reads only the lines the agent added since the last one. The
 * file is compared with the bytes kept at every stop: what is kept is used
 * only when it is a byte-exact head of the file now, so a file rewritten in
 * place, truncated or replaced is read afresh, whatever its size and time
 * say. New complete lines go through the reader that parsed the file and
 * grow the index (shared/transcript/parseAppendedLines.ts); wherever that would not
 * give what a fresh read gives, the file is read whole. At most
 * MAX_SESSIONS sessions and MAX_BYTES of session files are kept, least
 * recently used dropped first.
 *
 * Between stops, `readAhead` takes in the whole lines the agent has written
 * since and checks the outputs of the turn under way, so the stop that ends
 * the turn has only its last lines to read and check. An output's check
 * depends on what came before it, which lines appended after it do not
 * change (where they would, `append` falls back), so a check made ahead is
 * the one the stop would make; one that also searched what came after it
 * is made again where the lines appended since hold what it searched for
 * (OutputCheck.standsIn).
 */
import { type CheckOptions, checkOutput, type OutputCheck } from '../../shared/check/checkTranscript';
import { statSync } from 'node:fs';
import { TranscriptIndex } from '../../shared/check/transcriptIndex';
import { endedTurn } from '../../shared/hook/endedTurn';
import { readAfter, readBounded } from '../../shared/io/boundedRead';
import { appendLines } from '../../shared/transcript/parseAppendedLines';
import { SNIFF_LENGTH } from '../../shared/transcript/detect';
import type { Transcript } from '../../shared/transcript/model';
import { LineIndex } from '../../shared/transcript/offsets/lineIndex';
import { classifyOptionsOf } from '../check/checkSettings';
import type { FileCheckSetup } from '../check/fileCheckSetup';
import { Locator } from '../check/locator';
import { type LoadedSession, parsedSession, type SessionLoader, unreadable } from './turnFindings';

const MAX_SESSIONS = 4;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_CHUNKS = 32;

interface Held {
  /** The file's bytes as last read, in the pieces they were read in. */
  chunks: Buffer[];
  size: number;
  session: GrowingSession;
  /** The settings the session was parsed with (the segment cap changes the parse). */
  settings: FileCheckSetup['settings'];
  settingsKey: string;
}

/** How the last load was served, for tests and the bench. */
export type LoadKind = 'fresh' | 'same' | 'appended';

export class HeldSessions {
  private readonly held = new Map<string, Held>();
  lastLoad: LoadKind | undefined;
  /** Outputs classified so far, at stops and ahead of them (for tests and the bench). */
  outputsChecked = 0;

  constructor(
    private readonly maxSessions = MAX_SESSIONS,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  readonly load: SessionLoader = (sessionPath, path, settings) => {
    const settingsKey = JSON.stringify(settings);
    const before = this.held.get(path);
    this.held.delete(path);
    const maxBytes = settings.maxFileSizeMB * 1024 * 1024;
    if (before && before.settingsKey === settingsKey) {
      let tail: Buffer | undefined;
      try {
        tail = readAfter(path, maxBytes, before.chunks);
      } catch (err) {
        throw unreadable(sessionPath, err);
      }
      const kept = this.grown(before, tail, settings.maxSegments);
      if (kept) return kept;
    }
    let bytes: Buffer;
    try {
      bytes = readBounded(path, maxBytes);
    } catch (err) {
      throw unreadable(sessionPath, err);
    }
    this.lastLoad = 'fresh';
    const session = GrowingSession.read(sessionPath, path, bytes.toString('utf8'), settings, () => this.outputsChecked++);
    if (endsWhole(bytes)) this.keep(path, { chunks: [bytes], size: bytes.length, session, settings, settingsKey });
    return session;
  };

  /**
   * Takes in the whole lines added to each kept session since it was last
   * read, and checks the outputs of the turn under way. A session that can
   * no longer be grown (rewritten, gone, or lines that change earlier turns)
   * is let go: the next stop reads it whole.
   */
  readAhead(): void {
    for (const [path, held] of [...this.held]) {
      try {
        if (!this.readAheadIn(path, held)) this.held.delete(path);
      } catch {
        this.held.delete(path);
      }
    }
  }

  /** Does what stops left for later (see GrowingContextIndex.settle): after a stop is answered. */
  settle(): void {
    for (const held of this.held.values()) held.session.settle();
  }

  /** False when the session must be let go. */
  private readAheadIn(path: string, held: Held): boolean {
    // Unchanged in size: nothing to read (a file rewritten in place is caught by the stop's comparison).
    if (statSync(path).size === held.size) return true;
    const tail = readAfter(path, held.settings.maxFileSizeMB * 1024 * 1024, held.chunks);
    if (tail === undefined) return false;
    // A line still being written waits for the next read; so does a file whose head format detection still reads.
    const end = tail.lastIndexOf(0x0a) + 1;
    if (end > 0 && held.session.raw.length >= SNIFF_LENGTH) {
      const piece = tail.subarray(0, end);
      if (!held.session.append(piece.toString('utf8'), held.settings.maxSegments)) return false;
      held.chunks = joined(held.chunks, piece);
      held.size += piece.length;
    }
    held.session.checkTurnAhead(classifyOptionsOf(held.settings));
    return true;
  }

  /** The kept session grown by `tail` and kept again, or undefined when the file must be read whole. */
  private grown(before: Held, tail: Buffer | undefined, maxSegments: number): GrowingSession | undefined {
    if (tail === undefined) return undefined;
    const path = before.session.path;
    if (tail.length === 0) {
      this.lastLoad = 'same';
      this.keep(path, before);
      return before.session;
    }
    // Detection reads the head of the file: while the head still grows, the file is read whole.
    // A last line still being written is parsed as an error: the file is read whole until it ends.
    if (before.session.raw.length < SNIFF_LENGTH || !endsWhole(tail)) return undefined;
    // The stop waits for the answer: rebuilding the lookup's indexes is left to `settle`, after it.
    if (!before.session.append(tail.toString('utf8'), maxSegments, false)) return undefined;
    this.lastLoad = 'appended';
    this.keep(path, { ...before, chunks: joined(before.chunks, tail), size: before.size + tail.length });
    return before.session;
  }

  private keep(path: string, held: Held): void {
    this.held.set(path, held);
    let total = 0;
    for (const h of this.held.values()) total += h.size;
    for (const [key, h] of this.held) {
      if (this.held.size <= this.maxSessions && total <= this.maxBytes) break;
      this.held.delete(key);
      total -= h.size;
    }
  }
}

/** The kept pieces and `piece`: many small pieces would cost a read call each at every stop, so they are joined now and then. */
function joined(chunks: readonly Buffer[], piece: Buffer): Buffer[] {
  return chunks.length < MAX_CHUNKS ? [...chunks, piece] : [Buffer.concat([...chunks, piece])];
}

function endsWhole(bytes: Buffer): boolean {
  return bytes.length === 0 || bytes[bytes.length - 1] === 0x0a;
}

/** A parsed session that appended lines extend: its index and locator grow with it once built. */
class GrowingSession implements LoadedSession {
  private built: TranscriptIndex | undefined;
  private located: Locator | undefined;
  private lines: LineIndex | undefined;
  /** Checks of outputs of the turn under way, made before its stop; for the classify options in `checksKey`. */
  private readonly checks = new Map<number, OutputCheck>();
  private checksKey = '';

  private constructor(
    public raw: string,
    readonly parsed: Transcript,
    private readonly sessionPath: string,
    readonly path: string,
    private readonly onCheck: () => void,
  ) {}

  static read(sessionPath: string, path: string, raw: string, settings: FileCheckSetup['settings'], onCheck: () => void): GrowingSession {
    return new GrowingSession(raw, parsedSession(sessionPath, path, raw, settings).parsed, sessionPath, path, onCheck);
  }

  index(): TranscriptIndex {
    return (this.built ??= TranscriptIndex.build(this.parsed));
  }

  locator(): Locator {
    if (!this.located) {
      this.lines = new LineIndex(this.raw);
      this.located = new Locator(this.sessionPath, this.raw, this.path, this.lines);
    }
    return this.located;
  }

  checkOf(id: number, options: CheckOptions): OutputCheck {
    const key = JSON.stringify(options);
    if (key !== this.checksKey) {
      this.checks.clear();
      this.checksKey = key;
    }
    let check = this.checks.get(id);
    // A check that searched past its context and that the lines appended since answer otherwise is made again.
    if (check && !check.standsIn(this.index())) check = undefined;
    if (!check) {
      check = checkOutput(this.index(), id, options);
      this.checks.set(id, check);
      this.onCheck();
    }
    return check;
  }

  /**
   * Checks the outputs of the turn under way (the main agent's, or the
   * session's own for a sub-agent's transcript) and lets go of the checks
   * of earlier turns: a stop only asks for the turn it ends.
   */
  checkTurnAhead(options: CheckOptions): void {
    const turn = new Set([...endedTurn(this.parsed, false).outputs, ...endedTurn(this.parsed, true).outputs]);
    for (const id of this.checks.keys()) if (!turn.has(id)) this.checks.delete(id);
    for (const id of turn) this.checkOf(id, options);
  }

  settle(): void {
    this.built?.lookup.settle();
  }

  /**
   * Takes in complete lines added to the file; false when the session must
   * be read whole (it is then spent). `settle` false: the index's rebuilds
   * wait for `settle()`.
   */
  append(piece: string, maxSegments: number, settle = true): boolean {
    const lines = appendLines(this.parsed, piece);
    if ('fallback' in lines || this.parsed.segments.length > maxSegments) return false;
    if (this.built && 'fallback' in this.built.extend(lines.from, lines.actionsAdded, settle)) return false;
    // The text is joined, not read: the index of lines grows by reading `piece` alone, and the
    // whole text is laid flat only if a finding's frame is cut from it.
    if (this.located) this.lines = this.lines!.appended(piece);
    this.raw += piece;
    if (this.located) this.located = new Locator(this.sessionPath, this.raw, this.path, this.lines);
    return true;
  }
}
