/**
 * Replays a Gemini CLI session's records into its messages, as the CLI does
 * when it resumes one: a message record is an upsert by `id` (the CLI writes
 * a message again, whole, each time its tool calls, results or token counts
 * change, and the message keeps the place it first had), `$rewindTo` drops
 * that message and every later one, and `$set.messages` replaces the list
 * (the CLI writes it when it rewrites its history: compression, masked tool
 * output). Only the last version of a message is read; an earlier version
 * is the same turn caught before it was finished, and reading both would
 * check one answer twice.
 *
 * A message dropped by a rewind stays, with the context it had, on a branch
 * of its own: the model did write it, but nothing after the rewind saw it.
 * A rewritten list is read as copies, chained in its order, that later
 * messages hang from: what the model saw from then on. The messages written
 * before keep their own versions and contexts, and the copies of the
 * model's turns are history, not new answers, so they are not checked again.
 */
import type { JsonPath } from '../../json/jsonRegion';
import type { JsonSource } from './fileOrderTranscriptBuilder';
import { arr, obj, str, type JsonObject } from './jsonValues';

/** One message of the session: its last version and the message before it in the conversation. */
export interface GeminiEntry {
  id: string;
  src: JsonSource;
  /** The last version's record. */
  value: JsonObject;
  /** Where that record sits in its source (`[]` for a line, `['messages', 3]` in a document). */
  path: JsonPath;
  /** The message the model saw just before this one; undefined at the start. */
  before: GeminiEntry | undefined;
  /** A rewind dropped it after it was written. */
  rewound: boolean;
  /** A copy in a rewritten message list: history the model was given, not a turn it wrote then. */
  rewritten: boolean;
}

export class GeminiConversation {
  /** Every message in the order it was first written (a message's `before` always comes ahead of it). */
  readonly entries: GeminiEntry[] = [];
  /** The messages the conversation holds now, in order. */
  private live: GeminiEntry[] = [];
  private readonly liveById = new Map<string, GeminiEntry>();

  /** A message record (or a `$set.messages` member): a new message, or a later version of a live one. */
  upsert(src: JsonSource, value: JsonObject, path: JsonPath): GeminiEntry | undefined {
    const id = str(value.id);
    if (id === undefined) return undefined;
    const known = this.liveById.get(id);
    if (known) {
      known.src = src;
      known.value = value;
      known.path = path;
      // A turn written again after the list was rewritten is the model's own again (the CLI goes on updating its last message).
      known.rewritten = false;
      return known;
    }
    return this.add(id, src, value, path, this.live.at(-1), false);
  }

  private add(id: string, src: JsonSource, value: JsonObject, path: JsonPath, before: GeminiEntry | undefined, rewritten: boolean): GeminiEntry {
    const entry: GeminiEntry = { id, src, value, path, before, rewound: false, rewritten };
    this.entries.push(entry);
    this.live.push(entry);
    this.liveById.set(id, entry);
    return entry;
  }

  /** `{"$rewindTo": id}`: that message and all after it leave the conversation; an unknown id empties it, as in the CLI. */
  rewindTo(id: string): void {
    const at = this.live.findIndex((e) => e.id === id);
    const dropped = at === -1 ? this.live : this.live.slice(at);
    for (const e of dropped) {
      e.rewound = true;
      this.liveById.delete(e.id);
    }
    this.live = at === -1 ? [] : this.live.slice(0, at);
  }

  /** `{"$set": {…}}`: metadata, or a rewritten message list that becomes the conversation from here on. */
  set(src: JsonSource, patch: JsonObject, path: JsonPath): void {
    const messages = arr(patch.messages);
    // The CLI ignores an empty list (it keeps the messages it read).
    if (messages.length === 0) return;
    this.live = [];
    this.liveById.clear();
    for (let i = 0; i < messages.length; i++) {
      const m = obj(messages[i]);
      const id = m ? str(m.id) : undefined;
      if (m && id !== undefined) this.add(id, src, m, [...path, 'messages', i], this.live.at(-1), true);
    }
  }
}
