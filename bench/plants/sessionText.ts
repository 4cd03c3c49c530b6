/**
 * What a whole session says, for deciding whether a planted value is new:
 * every segment's decoded text and the raw file, each also lowercased for
 * names (a rename that only changes case is not a fabrication), and the
 * text of everything that is not an output (what the agent was shown or
 * did), for asking whether an original value came from the context.
 */
import type { Transcript } from '../../shared/transcript/model';

export class SessionText {
  /** Every segment's decoded text, separated by a line holding only NUL. */
  readonly everything: string;
  private readonly raw: string;
  private lowered: { decoded: string; raw: string } | undefined;
  /** Non-output segments' text joined, where an original value should come from. */
  readonly context: string;

  constructor(transcript: Transcript, raw: string) {
    // A separator no value contains, so a match never spans two segments.
    this.everything = transcript.segments.map((s) => s.text).join('\n\u0000\n');
    this.context = transcript.segments
      .filter((s) => !s.isOutput)
      .map((s) => s.text)
      .join('\n\u0000\n');
    this.raw = raw;
  }

  /** `value` occurs nowhere in the session, decoded or raw; `caseless` for names. */
  absent(value: string, caseless = false): boolean {
    if (!caseless) return !this.everything.includes(value) && !this.raw.includes(value);
    if (!this.lowered) this.lowered = { decoded: this.everything.toLowerCase(), raw: this.raw.toLowerCase() };
    const v = value.toLowerCase();
    return !this.lowered.decoded.includes(v) && !this.lowered.raw.includes(v);
  }

  /** A number that occurs nowhere as a whole digit run (`8081` in `:8081/` counts, in `18081` does not). */
  numberAbsent(digits: string): boolean {
    const re = new RegExp(`(?<!\\d)${digits}(?!\\d)`);
    return !re.test(this.everything) && !re.test(this.raw);
  }

  /** `value` occurs in what the agent was shown or did. */
  inContext(value: string): boolean {
    return this.context.includes(value);
  }
}
