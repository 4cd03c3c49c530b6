/**
 * Where one top-level member's value lies in a JSON object's text, found
 * with jsonc-parser's scanner without building a tree: package.json holds
 * the `groundcheck` config among keys of other tools, and how deep or how
 * broken those are is none of the config reader's business.
 */
import { createScanner, SyntaxKind } from 'jsonc-parser';

/**
 * `[start, end)` of the value of top-level member `key` (to the end of the
 * text when the value is never closed), or undefined when the text is not an
 * object that has it. Other members' values are stepped over by counting
 * brackets, in one pass, however deep they nest.
 */
export function topLevelMember(text: string, key: string): { start: number; end: number } | undefined {
  const scanner = createScanner(text, true);
  if (scanner.scan() !== SyntaxKind.OpenBraceToken) return undefined;
  let token = scanner.scan();
  while (token === SyntaxKind.StringLiteral) {
    const name = scanner.getTokenValue();
    if (scanner.scan() !== SyntaxKind.ColonToken) return undefined;
    token = scanner.scan();
    const start = scanner.getTokenOffset();
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      for (let depth = 1; depth > 0; ) {
        token = scanner.scan();
        if (token === SyntaxKind.EOF) return name === key ? { start, end: text.length } : undefined;
        if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) depth++;
        else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) depth--;
      }
    } else if (token === SyntaxKind.EOF || token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CommaToken) {
      return undefined;
    }
    if (name === key) return { start, end: scanner.getTokenOffset() + scanner.getTokenLength() };
    token = scanner.scan();
    if (token === SyntaxKind.CommaToken) token = scanner.scan();
  }
  return undefined;
}
