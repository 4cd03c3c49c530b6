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
 */
import { TranscriptIndex } from '../../shared/check/transcriptIndex';
import { readAfter, readBounded } from '../../shared/io/boundedRead';
import { appendLines } from '../../shared/transcript/parseAppendedLines';
import { SNIFF_LENGTH } from '../../shared/transcript/detect';
import type { Transcript } from '../../shared/transcript/model';
import { LineIndex } from '../../shared/transcript/offsets/lineIndex';
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
  settingsKey: string;
}

/** How the last load was served, for tests and the bench. */
export type LoadKind = 'fresh' | 'same' | 'appended';

export class HeldSessions {
  private readonly held = new Map<string, Held>();
  lastLoad: LoadKind | undefined;

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
    const session = GrowingSession.read(sessionPath, path, bytes.toString('utf8'), settings);
    if (endsWhole(bytes)) this.keep(path, { chunks: [bytes], size: bytes.length, session, settingsKey });
    return session;
  };

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
    if (!before.session.append(tail.toString('utf8'), maxSegments)) return undefined;
    this.lastLoad = 'appended';
    // Many small pieces would cost a read call each at every stop: they are joined now and then.
    const chunks = before.chunks.length < MAX_CHUNKS ? [...before.chunks, tail] : [Buffer.concat([...before.chunks, tail])];
    this.keep(path, { ...before, chunks, size: before.size + tail.length });
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

function endsWhole(bytes: Buffer): boolean {
  return bytes.length === 0 || bytes[bytes.length - 1] === 0x0a;
}

/** A parsed session that appended lines extend: its index and locator grow with it once built. */
class GrowingSession implements LoadedSession {
  private built: TranscriptIndex | undefined;
  private located: Locator | undefined;
  private lines: LineIndex | undefined;

  private constructor(
    public raw: string,
    readonly parsed: Transcript,
    private readonly sessionPath: string,
    readonly path: string,
  ) {}

  static read(sessionPath: string, path: string, raw: string, settings: FileCheckSetup['settings']): GrowingSession {
    return new GrowingSession(raw, parsedSession(sessionPath, path, raw, settings).parsed, sessionPath, path);
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

  /** Takes in complete lines added to the file; false when the session must be read whole (it is then spent). */
  append(piece: string, maxSegments: number): boolean {
    const lines = appendLines(this.parsed, piece);
    if ('fallback' in lines || this.parsed.segments.length > maxSegments) return false;
    if (this.built && 'fallback' in this.built.extend(lines.from, lines.actionsAdded)) return false;
    // The text is joined, not read: the index of lines grows by reading `piece` alone, and the
    // whole text is laid flat only if a finding's frame is cut from it.
    if (this.located) this.lines = this.lines!.appended(piece);
    this.raw += piece;
    if (this.located) this.located = new Locator(this.sessionPath, this.raw, this.path, this.lines);
    return true;
  }
}
