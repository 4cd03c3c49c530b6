/**
 * Joins the reports of the shards of one `check --shard k/n` run into the
 * report the run would have given unsharded: JSON Lines records, or SARIF
 * results, notifications and archive artifacts, in the whole run's file
 * order, with the tally and exit code one run gives. Reports of different
 * runs (another groundcheck version, other options, other inputs, another
 * shard count) or an incomplete set of shards are refused, naming what differs.
 */
import { artifact } from '../reporters/sarif';
import { SHARD_KEY, type ShardFile, type ShardRecord } from './shardRecord';

export class MergeRefused extends Error {}

export interface ShardReport {
  /** How the report was named on the command line. */
  name: string;
  kind: 'json' | 'sarif';
  record: ShardRecord;
  /** JSON Lines: every record but the shard's own. */
  lines?: Array<Record<string, unknown>>;
  /** SARIF: the whole log. */
  log?: SarifLog;
}

interface SarifLog {
  runs: Array<
    { results: SarifResult[]; artifacts?: SarifArtifact[]; invocations: Array<Record<string, unknown>>; properties?: Record<string, unknown> } & Record<
      string,
      unknown
    >
  >;
}
interface SarifArtifact {
  location: { uri: string; uriBaseId?: string };
  parentIndex?: number;
}
interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
  index?: number;
}
interface SarifResult {
  locations: Array<{ physicalLocation: { artifactLocation: ArtifactLocation } }>;
  relatedLocations?: Array<{ physicalLocation: { artifactLocation: ArtifactLocation } }>;
}

/** A shard report read from its text: JSON Lines ending with the shard record, or a SARIF log carrying it. */
export function readShardReport(name: string, text: string): ShardReport {
  const trimmed = text.trimStart();
  let log: SarifLog | undefined;
  if (trimmed.startsWith('{') && /^\{\s*"\$schema"|^\{\s*"version"/.test(trimmed)) {
    try {
      log = JSON.parse(text) as SarifLog;
    } catch {
      log = undefined;
    }
  }
  if (log && Array.isArray(log.runs)) {
    const record = log.runs[0]?.properties?.[SHARD_KEY] as ShardRecord | undefined;
    if (!record) throw new MergeRefused(`${name}: a SARIF log with no shard record: write each shard with check --shard k/n`);
    return { name, kind: 'sarif', record, log };
  }
  const lines: Array<Record<string, unknown>> = [];
  let record: ShardRecord | undefined;
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new MergeRefused(`${name}:${i + 1}: not a JSON Lines or SARIF report of groundcheck check`);
    }
    const obj = value as Record<string, unknown>;
    if (obj && typeof obj === 'object' && SHARD_KEY in obj) record = obj[SHARD_KEY] as ShardRecord;
    else lines.push(obj);
  });
  if (!record) throw new MergeRefused(`${name}: no shard record: write each shard with check --shard k/n --format json (or sarif)`);
  return { name, kind: 'json', record, lines };
}

/** Refuses reports that are not the shards of one run, each once, all of them. */
export function checkOneRun(reports: readonly ShardReport[]): void {
  const [first, ...rest] = reports;
  const r0 = first.record;
  for (const r of rest) {
    const x = r.record;
    const other = `${r.name} and ${first.name}`;
    if (r.kind !== first.kind) throw new MergeRefused(`${other} are reports of different formats (${r.kind}, ${first.kind})`);
    if (x.groundcheck !== r0.groundcheck)
      throw new MergeRefused(`${other} were written by different groundcheck versions (${x.groundcheck}, ${r0.groundcheck})`);
    const differing = Object.keys({ ...x.options, ...r0.options }).filter((k) => JSON.stringify(x.options[k]) !== JSON.stringify(r0.options[k]));
    if (differing.length > 0) throw new MergeRefused(`${other} were checked with different options (${differing.join(', ')}): they are not shards of one run`);
    if (x.inputs !== r0.inputs || x.files !== r0.files)
      throw new MergeRefused(`${other} checked different inputs (other paths given, or other files found): they are not shards of one run`);
    if (x.shard.total !== r0.shard.total)
      throw new MergeRefused(`${other} split the run differently (${x.shard.index}/${x.shard.total}, ${r0.shard.index}/${r0.shard.total})`);
  }
  const total = r0.shard.total;
  const seen = new Map<number, string>();
  for (const r of reports) {
    const twice = seen.get(r.record.shard.index);
    if (twice) throw new MergeRefused(`${r.name} and ${twice} are both shard ${r.record.shard.index}/${total}`);
    seen.set(r.record.shard.index, r.name);
  }
  const absent = [];
  for (let k = 1; k <= total; k++) if (!seen.has(k)) absent.push(`${k}/${total}`);
  if (absent.length > 0) throw new MergeRefused(`shard${absent.length > 1 ? 's' : ''} ${absent.join(', ')} missing: a merge needs every shard of the run`);
}

/** Every shard's files in the whole run's order. */
export function filesInOrder(reports: readonly ShardReport[]): ShardFile[] {
  return reports.flatMap((r) => r.record.checked).sort((a, b) => a.position - b.position);
}

/** The JSON Lines records of all shards in the run's order: by file, and within a file as its shard wrote them. */
export function mergedJsonLines(reports: readonly ShardReport[]): Array<Record<string, unknown>> {
  const byFile = new Map<string, Array<Record<string, unknown>>>();
  for (const r of reports) {
    for (const line of r.lines ?? []) {
      const file = String(line.file);
      let list = byFile.get(file);
      if (!list) byFile.set(file, (list = []));
      list.push(line);
    }
  }
  return filesInOrder(reports).flatMap((f) => byFile.get(f.file) ?? []);
}

/**
 * One SARIF log from the shards': results and notifications in the run's
 * file order, archive artifacts numbered again as one run numbers them (in
 * the order results first name them, related locations before the result's
 * own), and execution successful only when every shard's was.
 */
export function mergedSarif(reports: readonly ShardReport[]): object {
  const order = new Map<string, number>();
  for (const f of filesInOrder(reports)) order.set(artifactKey(artifact(f.file)), f.position);
  const results: Array<{ result: SarifResult; artifacts: SarifArtifact[]; position: number; at: number }> = [];
  const notifications: Array<{ n: Record<string, unknown>; position: number; at: number }> = [];
  for (const r of reports) {
    const run = r.log!.runs[0];
    const artifacts = run.artifacts ?? [];
    run.results.forEach((result, at) => {
      const own = result.locations[0].physicalLocation.artifactLocation;
      const file = own.index !== undefined ? topOf(artifacts, own.index) : own;
      results.push({ result, artifacts, position: order.get(artifactKey(file)) ?? Number.MAX_SAFE_INTEGER, at });
    });
    const told = (run.invocations[0]?.toolExecutionNotifications ?? []) as Array<Record<string, unknown>>;
    told.forEach((n, at) => {
      const where = (n.locations as Array<{ physicalLocation: { artifactLocation: ArtifactLocation } }> | undefined)?.[0]?.physicalLocation.artifactLocation;
      notifications.push({ n, position: where ? (order.get(artifactKey(where)) ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER, at });
    });
  }
  // Within one file, results keep the order their shard gave them; a file lies in one shard only.
  results.sort((a, b) => a.position - b.position || a.at - b.at);
  notifications.sort((a, b) => a.position - b.position || a.at - b.at);
  const merged: SarifArtifact[] = [];
  const index = new Map<string, number>();
  const renumber = (loc: ArtifactLocation, from: SarifArtifact[]): ArtifactLocation => {
    if (loc.index === undefined) return loc;
    const place = (i: number): number => {
      const a = from[i];
      const parent = a.parentIndex === undefined ? undefined : place(a.parentIndex);
      const key = `${parent ?? ''}\u0000${artifactKey(a.location)}`;
      let k = index.get(key);
      if (k === undefined) {
        k = merged.push({ ...a, ...(parent !== undefined ? { parentIndex: parent } : {}) }) - 1;
        index.set(key, k);
      }
      return k;
    };
    return { ...loc, index: place(loc.index) };
  };
  const mergedResults = results.map(({ result, artifacts }) => {
    // The reporter names the related locations' artifacts before the result's own: so does the renumbering.
    const relatedLocations = result.relatedLocations?.map((l) => ({
      ...l,
      physicalLocation: { ...l.physicalLocation, artifactLocation: renumber(l.physicalLocation.artifactLocation, artifacts) },
    }));
    const locations = result.locations.map((l) => ({
      ...l,
      physicalLocation: { ...l.physicalLocation, artifactLocation: renumber(l.physicalLocation.artifactLocation, artifacts) },
    }));
    return { ...result, locations, ...(relatedLocations ? { relatedLocations } : {}) };
  });
  const { properties: _shardRecord, artifacts: _artifacts, invocations: _invocations, results: _results, ...run } = reports[0].log!.runs[0];
  const successful = reports.every((r) => r.log!.runs[0].invocations[0]?.executionSuccessful !== false);
  return {
    ...reports[0].log,
    runs: [
      {
        ...run,
        ...(merged.length > 0 ? { artifacts: merged } : {}),
        invocations: [{ executionSuccessful: successful, ...(notifications.length > 0 ? { toolExecutionNotifications: notifications.map((x) => x.n) } : {}) }],
        results: mergedResults,
      },
    ],
  };
}

function topOf(artifacts: SarifArtifact[], index: number): { uri: string; uriBaseId?: string } {
  let a = artifacts[index];
  while (a.parentIndex !== undefined) a = artifacts[a.parentIndex];
  return a.location;
}

function artifactKey(loc: { uri: string; uriBaseId?: string }): string {
  return `${loc.uriBaseId ?? ''}\u0000${loc.uri}`;
}
