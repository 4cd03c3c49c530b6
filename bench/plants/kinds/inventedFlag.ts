/**
 * `invented-flag`: a long command-line flag the context gave (`--watch`,
 * `--no-verify`) changed to one the session never mentions (`--watch-all`).
 */
import { deniedBefore } from '../answerText';
import { SiteList, type PlantGenerator } from '../generator';
import { firstOk } from '../variants';

/** Not a CSS custom property (`--accent: #22c55e`, `var(--accent)`). */
const FLAG = /(?<![\w\-(])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![\w\-:])/g;
/** Flags that are part of a fixed header, not an option anyone chose: `diff --git a/x b/x`. */
const FIXED = /\bdiff $/;

export function flagVariants(name: string): string[] {
  const out = [`${name}-all`, `${name}-only`, `${name}-mode`, `${name}-strict`, `force-${name}`, `${name}-force`, `${name}-once`];
  // Never `--no-no-binary`.
  return name.startsWith('no-') ? out : [...out, `no-${name}`];
}

export const inventedFlag: PlantGenerator = {
  kind: 'invented-flag',
  sites(text, session, rand) {
    const list = new SiteList();
    for (const m of text.matchAll(FLAG)) {
      const name = m[1];
      // "without `--force`" says the flag was not used: another absent flag there is no fabrication.
      if (FIXED.test(text.slice(Math.max(0, m.index - 5), m.index)) || deniedBefore(text, m.index)) continue;
      if (name.length < 2 || !list.match(name) || !session.inContext(`--${name}`)) continue;
      const at = m.index + 2;
      list.add(
        at,
        at + name.length,
        firstOk(flagVariants(name), rand, (v) => session.absent(`--${v}`, true)),
      );
    }
    return list.result();
  },
};
