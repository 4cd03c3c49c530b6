/**
 * A bare small number that opens a list item (`3. Add the flour`, `2) Stir`)
 * counts items of the answer; it claims nothing about the world, and a
 * context rarely numbers the same steps the same way. A numbered Markdown
 * heading (`### 3. Sending`, `## **2. Setup**`) numbers a section the same way.
 */
import type { ExtractedEntity } from '../../classifier/types';

export function isListMarker(output: string, entity: ExtractedEntity): boolean {
  if (entity.type !== 'number' || !/^\d{1,3}$/.test(entity.text)) return false;
  const [start, end] = entity.span;
  const after = output[end];
  if ((after !== '.' && after !== ')') || !isSpaceAt(output, end + 1)) return false;
  let p = start - 1;
  // Heading marks and emphasis (`### **3.`) only dress the line's opening.
  while (p >= 0 && isOpeningDress(output[p])) p--;
  // Opens a line, or follows the end of the previous item written on the same line.
  return p < 0 || output[p] === '\n' || output[p] === '.' || output[p] === ':' || output[p] === ')' || output[p] === '!' || output[p] === '?';
}

function isOpeningDress(c: string): boolean {
  return c === ' ' || c === '\t' || c === '#' || c === '*' || c === '_';
}

function isSpaceAt(text: string, i: number): boolean {
  return i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n');
}
