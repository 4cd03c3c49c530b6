/**
 * Backticked spans in an agent's prose are code, not quotations: `` `getInitials()` ``
 * names the function whatever arguments the context calls it with,
 * `` `.from().select().eq()` `` names a chain whose calls the code spells
 * `.from(x).select(y).eq(z)`, `` `Map<string, User>` `` names `Map`. A span
 * is a quotation only when it holds prose ("`the user is not found`").
 *
 * Everything here reads one span at a time; spans are bounded in length.
 */

/** Longest inline span read; longer backticked runs are not inline code. */
export const MAX_INLINE = 300;

/** What a span is and how to look it up. */
export type InlineKind = { kind: 'prose' } | { kind: 'code'; whole: string; links: string[] };

/** Words that make a span of plain words read as prose rather than a command. */
// biome-ignore format: a list of words or values reads best packed
const FUNCTION_WORDS = new Set([
  'the', 'a', 'an', 'is', 'are', 'was', 'were', 'be', 'to', 'of', 'in', 'on', 'for', 'with', 'and', 'or', 'not', 'no',
  'this', 'that', 'it', 'you', 'we', 'i', 'has', 'have', 'had', 'will', 'would', 'can', 'could', 'should', 'at', 'by',
  'from', 'as', 'but', 'if', 'than', 'then', 'there', 'their', 'your', 'our', 'my',
]);

/** Characters that only code uses between words. */
const CODE_PUNCTUATION = /[()[\]{}=<>;$@#*+|&\\]|=>|::|->/;

export function classifyInline(inner: string): InlineKind {
  const text = inner.trim();
  if (text.length === 0) return { kind: 'prose' };
  const words = text.split(/\s+/);
  if (words.length >= 3 && !CODE_PUNCTUATION.test(text)) {
    const plain = words.filter((w) => /^[A-Za-z][a-z']*[,.!?:]?$/.test(w)).length;
    const functional = words.some((w) => FUNCTION_WORDS.has(w.toLowerCase().replace(/[,.!?:]$/, '')));
    if (functional && plain >= words.length - 1) return { kind: 'prose' };
  }
  const whole = skeleton(text);
  return { kind: 'code', whole, links: /\s/.test(whole) ? [] : chainLinks(text) };
}

/**
 * The span with call arguments and generic parameters removed, so it matches
 * however the context calls or instantiates it: `getInitials(name)` →
 * `getInitials`, `useState<User[]>()` → `useState`, `a.b(x).c()` → `a.b.c`
 * (the chain's links, looked up one by one when the joined form is absent).
 * Multi-word code (`const x = 5`, `npm run build`) is kept as written.
 */
export function skeleton(text: string): string {
  const stripped = withoutArguments(text);
  return /\s/.test(stripped) ? text.replace(/\s+/g, ' ') : stripped;
}

function withoutArguments(text: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '<' || c === '[') {
      // `a[0]` and `x < y` are kept when not a call or a generic: only brackets after a name are stripped.
      if (depth === 0 && !/[\w$>)\]]/.test(text[i - 1] ?? '')) {
        out += c;
        continue;
      }
      depth++;
    } else if ((c === ')' || c === '>' || c === ']') && depth > 0) {
      depth--;
    } else if (depth === 0) {
      out += c;
    }
  }
  return out.replace(/;$/, '') || text;
}

/** `.from().select().eq()` → `from`, `select`, `eq`; `db.users.find()` → `db`, `users`, `find`; one name → none. */
export function chainLinks(text: string): string[] {
  const bare = skeleton(text);
  if (!/^\.?[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+$/.test(bare) && !/^\.[A-Za-z_$][\w$]*$/.test(bare)) return [];
  const links = bare.split(/\??\./).filter((l) => l !== '');
  return links.length >= 2 || bare.startsWith('.') ? links : [];
}
