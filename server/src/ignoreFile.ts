/**
 * The ignore store on disk: `.groundcheck/ignore.json` in the workspace
 * folder that holds a document (or beside it when it is in none). Read
 * once per folder and re-read after the server writes it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  emptyIgnoreStore,
  IGNORE_FILE,
  IgnoreMatcher,
  parseIgnoreStore,
  serializeIgnoreStore,
  type IgnoreStore,
} from '../../shared/check/ignores';

export class IgnoreFiles {
  private readonly stores = new Map<string, { store: IgnoreStore; matcher: IgnoreMatcher }>();
  private folders: string[] = [];

  setWorkspaceFolders(uris: string[]): void {
    this.folders = uris.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
  }

  /** The store file governing a document, or undefined for documents not on disk. */
  fileFor(docUri: string): string | undefined {
    if (!docUri.startsWith('file:')) return undefined;
    const docPath = fileURLToPath(docUri);
    const folder = this.folders
      .filter((f) => docPath === f || docPath.startsWith(f.endsWith(path.sep) ? f : f + path.sep))
      .sort((a, b) => b.length - a.length)[0];
    return path.join(folder ?? path.dirname(docPath), IGNORE_FILE);
  }

  matcherFor(docUri: string): IgnoreMatcher {
    return this.load(this.fileFor(docUri)).matcher;
  }

  /** Applies `change` to the store governing `docUri` and writes it. */
  update(docUri: string, change: (s: IgnoreStore) => IgnoreStore): string {
    const file = this.fileFor(docUri);
    if (!file) throw new Error('only files on disk can have ignore rules');
    const next = change(this.load(file).store);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, serializeIgnoreStore(next));
    this.stores.set(file, { store: next, matcher: new IgnoreMatcher(next) });
    return file;
  }

  /** Drops cached stores, e.g. when the client reports the file changed on disk. */
  invalidate(): void {
    this.stores.clear();
  }

  private load(file: string | undefined): { store: IgnoreStore; matcher: IgnoreMatcher } {
    if (!file) return { store: emptyIgnoreStore(), matcher: new IgnoreMatcher(emptyIgnoreStore()) };
    let entry = this.stores.get(file);
    if (!entry) {
      let store = emptyIgnoreStore();
      try {
        store = parseIgnoreStore(fs.readFileSync(file, 'utf8'));
      } catch {
        // No store yet: nothing is ignored.
      }
      entry = { store, matcher: new IgnoreMatcher(store) };
      this.stores.set(file, entry);
    }
    return entry;
  }
}
