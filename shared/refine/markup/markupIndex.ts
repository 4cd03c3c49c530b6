/**
 * A context index that looks through markup: each part is indexed with its
 * Markdown, HTML and wikitext markup stripped (see stripMarkup.ts), and every
 * match is mapped back to the raw characters it came from. This map composes
 * with the index's own normalization map: the index reports a range in the
 * stripped text, and that range's first and last characters carry their raw
 * start and end.
 *
 * It answers the same questions as ContextIndex (part count, part text, find),
 * with part text and match ranges always raw.
 */
import type { ContextMatch } from '../../classifier/types';
import { ContextIndex, type FindOptions } from '../../lookup/contextIndex';
import type { ContextLookup } from '../../lookup/contextLookup';
import { type StrippedText, stripMarkup } from './stripMarkup';

export class MarkupAwareIndex implements ContextLookup {
  private constructor(
    private readonly raw: readonly string[],
    private readonly stripped: readonly StrippedText[],
    private readonly inner: ContextIndex,
  ) {}

  static build(parts: readonly string[]): MarkupAwareIndex {
    const stripped = parts.map(stripMarkup);
    return new MarkupAwareIndex(parts.slice(), stripped, ContextIndex.build(stripped.map((s) => s.text)));
  }

  get partCount(): number {
    return this.raw.length;
  }

  get size(): number {
    return this.inner.size;
  }

  partText(part: number): string {
    return this.raw[part];
  }

  find(form: string, opts: FindOptions): ContextMatch[] {
    return this.toRaw(this.inner.find(this.lookupForm(form), this.rawKeep(opts)));
  }

  findLast(form: string, opts: FindOptions): ContextMatch[] {
    return this.toRaw(this.inner.findLast(this.lookupForm(form), this.rawKeep(opts)));
  }

  /** `keep` judges the raw range of a match, as the caller will see it. */
  private rawKeep(opts: FindOptions): FindOptions {
    const keep = opts.keep;
    if (!keep) return opts;
    return {
      ...opts,
      keep: (part, start, end) => {
        const m = this.rawMatch(part, start, end);
        return keep(part, m.start, m.end);
      },
    };
  }

  /** Markup characters in the form itself (`AT&T`, `snake_case`) are looked up as the stripped text writes them. */
  private lookupForm(form: string): string {
    const plain = stripMarkup(form).text;
    return plain.length > 0 ? plain : form;
  }

  private toRaw(matches: ContextMatch[]): ContextMatch[] {
    return matches.map((m) => this.rawMatch(m.part, m.start, m.end));
  }

  private rawMatch(part: number, start: number, end: number): ContextMatch {
    const s = this.stripped[part];
    return { part, start: s.rawStart[start] ?? this.raw[part].length, end: end > start ? s.rawEnd[end - 1] : s.rawStart[start] };
  }
}
