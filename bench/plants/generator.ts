/**
 * The shape every plant kind has: given one answer's decoded text and the
 * session around it, the sites where a value of the kind sits together with
 * a replacement the session never mentions. Each kind finds its values with
 * its own small regular expressions, not the classifier's extractors, so
 * plants land where a reader would see such a value, not only where
 * groundcheck already looks.
 */
import type { PlantKind, Site } from './plant';
import type { SessionText } from './sessionText';

export interface SiteSearch {
  /** Values of the kind the expressions matched, usable or not. */
  found: number;
  /** Those with a replacement absent from the session (and, where the kind asks, an original the context gave). */
  sites: Site[];
}

export interface PlantGenerator {
  kind: PlantKind;
  sites(text: string, session: SessionText, rand: () => number): SiteSearch;
}

/** Collects sites, one per distinct original value per answer: several plants of one value would stand or fall together. */
export class SiteList {
  found = 0;
  readonly sites: Site[] = [];
  private readonly values = new Set<string>();

  /** Counts a matched value; answers whether it is the first of its value. */
  match(value: string): boolean {
    this.found++;
    if (this.values.has(value)) return false;
    this.values.add(value);
    return true;
  }

  add(start: number, end: number, replace: string | undefined): void {
    if (replace !== undefined) this.sites.push({ start, end, replace });
  }

  result(): SiteSearch {
    return { found: this.found, sites: this.sites };
  }
}
