/**
 * Lookup forms for a number. The same quantity is written many ways
 * (`$4.2M`, `$4,200,000`, `4200000`, `4.2 million`), so each number carries
 * its literal text first and then the other spellings of its value, computed
 * on digit strings (never floats) so no rounding can invent a digit.
 */
import { uniqueForms } from './candidate';

/** A number as the scanner read it, split into the parts that vary between spellings. */
export interface NumberParts {
  /** `-`, `+`, `−` or empty. */
  sign: string;
  /** Currency as written before the digits: `$`, `USD `, `USD $` or empty. */
  currency: string;
  /** Integer digits as written, with any thousands separators. */
  integer: string;
  /** Digits after the decimal point, empty when there is none. */
  fraction: string;
  /** Scale suffix as written (`M`, `bn`, ` million`) and its power of ten. */
  scaleText: string;
  scale: 0 | 3 | 6 | 9 | 12;
  /** What follows: `%`, ` percent`, ` customers`, `GB`, ` USD` or empty. */
  tail: string;
  tailKind: 'none' | 'percent' | 'unit' | 'currency';
}

/** The ways to write each scale, tried after the one the text used. */
const SCALE_SPELLINGS: Record<number, readonly string[]> = {
  3: ['K', ' thousand'],
  6: ['M', ' million'],
  9: ['B', 'bn', ' billion'],
  12: ['T', ' trillion'],
};

/** Values this large or larger also get currency-free digit forms: four digits are specific enough. */
const MIN_DIGITS_FOR_BARE_FORMS = 4;

export function numberForms(literal: string, p: NumberParts): string[] {
  const plainInteger = p.integer.replace(/,/g, '');
  const cores = [joinPoint(p.integer, p.fraction), joinPoint(alternateGrouping(p.integer), p.fraction)];
  const tails = tailSpellings(p);
  const head = p.sign + p.currency;
  const forms = [literal];

  const scales = p.scale === 0 ? [''] : [p.scaleText, ...SCALE_SPELLINGS[p.scale]];
  for (const core of cores) for (const scale of scales) for (const tail of tails) forms.push(head + core + scale + tail);

  const value = applyScale(plainInteger, p.fraction, p.scale);
  if (p.scale === 0) {
    const compact = compactForm(value.integer, value.fraction);
    if (compact) {
      for (const scale of SCALE_SPELLINGS[compact.scale]) for (const tail of tails) forms.push(head + compact.mantissa + scale + tail);
    }
  }
  if (value.integer.length >= MIN_DIGITS_FOR_BARE_FORMS) {
    const bareTails = p.tailKind === 'currency' ? [''] : tails;
    for (const tail of bareTails) {
      forms.push(p.sign + joinPoint(value.integer, value.fraction) + tail);
      forms.push(p.sign + joinPoint(groupThousands(value.integer), value.fraction) + tail);
    }
  }
  return uniqueForms(forms);
}

function tailSpellings(p: NumberParts): string[] {
  if (p.tailKind === 'percent') return p.tail === '%' ? ['%', ' percent'] : [p.tail, '%'];
  if (p.tailKind === 'unit') {
    const attached = !p.tail.startsWith(' ');
    const word = attached ? p.tail : p.tail.slice(1);
    // Short units are written both ways (`5GB`, `5 GB`); `47customers` is never written.
    if (word.length > 3) return [p.tail];
    return attached ? [p.tail, ' ' + word] : [p.tail, word];
  }
  return [p.tail];
}

function joinPoint(integer: string, fraction: string): string {
  return fraction ? `${integer}.${fraction}` : integer;
}

/** `1,234` ⇄ `1234`. */
function alternateGrouping(integer: string): string {
  return integer.includes(',') ? integer.replace(/,/g, '') : groupThousands(integer);
}

export function groupThousands(digits: string): string {
  if (digits.length <= 3) return digits;
  const lead = digits.length % 3 || 3;
  if (digits.length <= 64) {
    let out = digits.slice(0, lead);
    for (let i = lead; i < digits.length; i += 3) out += ',' + digits.slice(i, i + 3);
    return out;
  }
  // Long runs are written into one byte buffer: appending or joining per group allocates a string
  // per three digits, and a megabyte of digits then costs far more than ten times 100 KB.
  const bytes = Buffer.allocUnsafe(digits.length + Math.floor((digits.length - lead) / 3));
  let w = 0;
  for (let i = 0; i < digits.length; i++) {
    if (i >= lead && (i - lead) % 3 === 0) bytes[w++] = 0x2c;
    bytes[w++] = digits.charCodeAt(i);
  }
  return bytes.toString('latin1');
}

/** Multiplies `integer.fraction` by 10^scale by moving the decimal point. */
export function applyScale(integer: string, fraction: string, scale: number): { integer: string; fraction: string } {
  let int: string;
  let frac: string;
  if (fraction.length <= scale) {
    int = integer + fraction + '0'.repeat(scale - fraction.length);
    frac = '';
  } else {
    int = integer + fraction.slice(0, scale);
    frac = fraction.slice(scale);
  }
  return { integer: trimLeadingZeros(int), fraction: trimTrailingZeros(frac) };
}

/** `4200000` → `4.2` million; only when the mantissa needs at most two decimals, as people write it. */
export function compactForm(integer: string, fraction: string): { mantissa: string; scale: 3 | 6 | 9 | 12 } | undefined {
  if (fraction || integer.length < 4) return undefined;
  const scale = integer.length > 12 ? 12 : integer.length > 9 ? 9 : integer.length > 6 ? 6 : 3;
  const whole = integer.slice(0, integer.length - scale);
  const decimals = trimTrailingZeros(integer.slice(integer.length - scale));
  if (decimals.length > 2) return undefined;
  return { mantissa: joinPoint(whole, decimals), scale };
}

// Loops rather than /0+$/: that pattern rescans every run of zeros from each of its positions.
function trimTrailingZeros(digits: string): string {
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 0x30) end--;
  return digits.slice(0, end);
}

function trimLeadingZeros(digits: string): string {
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 0x30) start++;
  return digits.slice(start);
}
