/**
 * What a zip archive's central directory declares about its entries (names
 * and inflated sizes), read without inflating anything, so an archive whose
 * own figures are over the caps is refused before any memory is spent on it.
 * The figures are claims: zipEntries.ts still counts what actually inflates.
 */
import { unzipSync } from 'fflate';

export interface DeclaredEntry {
  name: string;
  /** Inflated size, as the central directory (or its zip64 field) gives it. */
  originalSize: number;
}

/** The entries the central directory lists, or undefined when it cannot be read (a truncated archive). */
export function declaredEntries(bytes: Uint8Array): DeclaredEntry[] | undefined {
  const out: DeclaredEntry[] = [];
  try {
    // The filter sees every central directory record and, refusing them all, has nothing inflated.
    unzipSync(bytes, {
      filter: (file) => {
        out.push({ name: file.name, originalSize: file.originalSize });
        return false;
      },
    });
  } catch {
    return undefined;
  }
  return out;
}
