/**
 * A short stand-in for the start of a JSON file whose first record does not
 * fit in the sniffers' window: the same keys, nesting and short values, with
 * long strings cut and long lists trimmed. A RAG fixture whose first row
 * retrieved 100 KB of documents names its answer column only after them;
 * here every key of that row comes within the window. Only format detection
 * reads it: offsets into it mean nothing, the file itself is parsed as is.
 */
import { createScanner, SyntaxKind } from 'jsonc-parser';

/** Characters of a string value kept (a sniffer looks for short values: roles, types, versions). */
const STRING_KEPT = 256;
/** Items kept of each list: enough for a sniffer to see what the items are. */
const ITEMS_KEPT = 4;

/**
 * The condensed form of `text` (JSON or JSON Lines), `max` characters at
 * most; undefined when the text is not JSON from its first token. One pass
 * over the scanner's tokens, stopping once `max` are written.
 */
export function condensedHead(text: string, max: number): string | undefined {
  const scanner = createScanner(text, false);
  if (text.charCodeAt(0) === 0xfeff) scanner.setPosition(1);
  let out = '';
  /** Per open list or object: how many items (members) it has had, and whether it is a list. */
  const open: { items: number; list: boolean }[] = [];
  /** While above 0, tokens belong to list items past ITEMS_KEPT and are dropped; it counts their nesting. */
  let skipping = 0;
  let first = true;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF && out.length < max; token = scanner.scan()) {
    // A string cut off where the text given ends, or something that is not JSON: what came before is the head.
    if (token === SyntaxKind.Unknown || scanner.getTokenError() !== 0) break;
    if (token === SyntaxKind.Trivia || token === SyntaxKind.LineCommentTrivia || token === SyntaxKind.BlockCommentTrivia) continue;
    if (token === SyntaxKind.LineBreakTrivia) {
      // Between records of JSON Lines the break is what separates them.
      if (open.length === 0 && !first) out += '\n';
      continue;
    }
    if (first && token !== SyntaxKind.OpenBraceToken && token !== SyntaxKind.OpenBracketToken) return undefined;
    first = false;
    if (skipping > 0) {
      if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) skipping++;
      else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) skipping--;
      if (skipping > 0) continue;
      // The list itself closes here: fall through to write its bracket.
      open.pop();
      out += ']';
      continue;
    }
    const top = open[open.length - 1];
    if (token === SyntaxKind.CommaToken) {
      if (top) top.items++;
      if (top?.list && top.items >= ITEMS_KEPT) skipping = 1;
      else out += ',';
      continue;
    }
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      open.push({ items: 0, list: token === SyntaxKind.OpenBracketToken });
      out += token === SyntaxKind.OpenBraceToken ? '{' : '[';
    } else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) {
      open.pop();
      out += token === SyntaxKind.CloseBraceToken ? '}' : ']';
    } else if (token === SyntaxKind.StringLiteral) {
      const value = scanner.getTokenValue();
      out += JSON.stringify(value.length > STRING_KEPT ? value.slice(0, STRING_KEPT) : value);
    } else if (token === SyntaxKind.ColonToken) {
      out += ':';
    } else {
      out += text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + Math.min(scanner.getTokenLength(), STRING_KEPT));
    }
  }
  return first ? undefined : out;
}
