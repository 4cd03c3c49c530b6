/**
 * SARIF 2.1.0 for GitHub code scanning and other SARIF viewers: one rule per
 * classifier rule (shared/classifier/rules.ts), one result per finding located by line/column (1-based,
 * UTF-16 code units, as GitHub counts) and by character offset, the closest
 * context text as a related location, the verdict (`properties.status`) and,
 * for a contradiction, the context's value (`properties.contradiction`) with
 * its place as a related location, and a fingerprint that survives edits
 * elsewhere in the file. Files that could not be checked become tool
 * execution notifications. A place inside an archive (an Inspect `.eval`
 * zip) is in a nested artifact, as SARIF 2.1.0 describes one: the entry is
 * listed in `run.artifacts` with its path in the archive as its uri and
 * `parentIndex` pointing at the archive, and locations name it by `index`.
 * A shard's log (`--shard k/n`) says which shard it is in the run's
 * properties, for `groundcheck merge`.
 */
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { isAbsolute } from 'node:path';
import { RULES, type RuleDoc } from '../../../shared/classifier/rules';
import type { SeveritySetting } from '../../../shared/protocol/settings';
import { DOCS_BASE, ruleDocsUrl } from '../../../shared/docs/entityTypeDocs';
import { version } from '../../../package.json';
import type { CheckTarget } from '../expandPaths';
import type { ContextLocation, FileReport } from '../fileReport';
import { type Finding, fileProblems, findingMessage, findingsOf, placeName, shorten } from '../reportedFindings';
import type { RunSummary } from '../summary';
import type { Reporter, ReportStreams } from './reporter';
import { budgetSarifRules } from '../budgetReport';
import type { BudgetFinding } from '../fileReport';
import { SHARD_KEY, type ShardRecord } from '../shard/shardRecord';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const SRCROOT = '%SRCROOT%';

type SarifLevel = 'error' | 'warning' | 'note' | 'none';

export class SarifReporter implements Reporter {
  private readonly results: object[] = [];
  private readonly notifications: object[] = [];
  /** Archives and their entries that results point into, by `placeName`, with their index in `artifacts`. */
  private readonly artifacts: object[] = [];
  private readonly artifactIndex = new Map<string, number>();
  private shardRecord: ShardRecord | undefined;

  constructor(
    private readonly io: ReportStreams,
    private readonly cwd = process.cwd(),
  ) {}

  file(report: FileReport, target: CheckTarget): void {
    for (const line of fileProblems(report, target.explicit)) {
      this.io.err(`${line}\n`);
      this.notifications.push({
        level: report.skipped ? 'warning' : 'error',
        message: { text: line },
        locations: [{ physicalLocation: { artifactLocation: artifact(report.file) } }],
      });
    }
    const seen = new Map<string, number>();
    for (const f of findingsOf(report)) this.results.push(this.result(f, seen));
    for (const b of report.budget ?? []) this.results.push(this.budgetResult(b));
  }

  /** A budget crossed, at the usage record of the turn that crossed it; its rule follows the classifier's rules. */
  private budgetResult(b: BudgetFinding): object {
    const rules = budgetSarifRules() as Array<{ id: string }>;
    return {
      ruleId: b.rule,
      ruleIndex: RULES.length + rules.findIndex((r) => r.id === b.rule),
      level: b.severity === 'warning' ? 'warning' : 'note',
      message: { text: `${b.message} (${b.model}, ${b.agent}).` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: this.artifactOf(b),
            region: {
              startLine: b.line,
              startColumn: b.column,
              endLine: b.endLine,
              endColumn: b.endColumn,
              charOffset: b.range[0],
              charLength: b.range[1] - b.range[0],
            },
          },
        },
      ],
      properties: { category: 'budget', model: b.model, agent: b.agent, ...(b.limit !== undefined ? { limit: b.limit, reached: b.reached } : {}) },
      partialFingerprints: { 'groundcheckBudget/v1': hash(`${b.file}\u0000${b.rule}`) },
    };
  }

  /** Kept in the run's property bag, for `groundcheck merge`. */
  shard(record: ShardRecord): void {
    this.shardRecord = record;
  }

  end(summary: RunSummary): void {
    const log = {
      $schema: SARIF_SCHEMA,
      version: '2.1.0',
      runs: [
        {
          tool: {
            driver: {
              name: 'groundcheck',
              version,
              informationUri: DOCS_BASE,
              rules: [...RULES.map(sarifRule), ...budgetSarifRules()],
            },
          },
          originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(this.cwd + '/').href } },
          columnKind: 'utf16CodeUnits',
          ...(this.artifacts.length > 0 ? { artifacts: this.artifacts } : {}),
          invocations: [
            {
              executionSuccessful: summary.inputErrors === 0,
              ...(this.notifications.length > 0 ? { toolExecutionNotifications: this.notifications } : {}),
            },
          ],
          results: this.results,
          ...(this.shardRecord ? { properties: { [SHARD_KEY]: this.shardRecord } } : {}),
        },
      ],
    };
    this.io.out(JSON.stringify(log, null, 2) + '\n');
  }

  private result(f: Finding, seen: Map<string, number>): object {
    const o = f.occurrence;
    const closest = f.entity.closest;
    const contradiction = f.entity.contradiction;
    const relatedLocations: object[] = [];
    if (contradiction)
      relatedLocations.push(
        this.related(relatedLocations.length + 1, contradiction, `the context gives '${shorten(contradiction.value, 80)}' for the same slot`),
      );
    const sameAsContradiction = contradiction && closest && placeName(closest) === placeName(contradiction) && closest.range[0] === contradiction.range[0];
    if (closest && !sameAsContradiction)
      relatedLocations.push(this.related(relatedLocations.length + 1, closest, `closest in context: '${shorten(closest.text, 80)}'`));
    // A contradiction already names the context's value; the closest match would repeat it.
    const text =
      closest && !contradiction
        ? `${findingMessage(f)}; closest in context: '${shorten(closest.text, 80)}'. The output is ${f.output.level}.`
        : `${findingMessage(f)}. The output is ${f.output.level}.`;
    // Repeats of one value in one file share a key; their order among themselves tells them apart.
    const base = `${placeName(o)}\u0000${o.key ?? f.entity.text}`;
    const nth = seen.get(base) ?? 0;
    seen.set(base, nth + 1);
    return {
      ruleId: ruleOf(f),
      ruleIndex: RULES.findIndex((r) => r.id === ruleOf(f)),
      level: sarifLevel(f.entity.severity),
      message: { text },
      locations: [
        {
          physicalLocation: {
            artifactLocation: this.artifactOf(o),
            region: {
              startLine: o.line,
              startColumn: o.column,
              endLine: o.endLine,
              endColumn: o.endColumn,
              charOffset: o.range[0],
              charLength: o.range[1] - o.range[0],
            },
          },
        },
      ],
      ...(relatedLocations.length > 0 ? { relatedLocations } : {}),
      properties: {
        status: f.entity.status,
        entityType: f.entity.type,
        ...(contradiction ? { contradiction: contradiction.value, ...(contradiction.slot ? { slot: contradiction.slot } : {}) } : {}),
      },
      partialFingerprints: { 'groundcheckOccurrence/v1': hash(`${base}\u0000${nth}`) },
    };
  }

  private related(id: number, c: ContextLocation, text: string): object {
    const region = c.line !== undefined ? { startLine: c.line, startColumn: c.column, endLine: c.endLine, endColumn: c.endColumn } : {};
    return {
      id,
      message: { text },
      physicalLocation: {
        artifactLocation: this.artifactOf(c),
        region: { ...region, charOffset: c.range[0], charLength: c.range[1] - c.range[0] },
      },
    };
  }

  /** A file's artifact location; an archive entry's names the nested artifact it is in `run.artifacts`. */
  private artifactOf(at: { file: string; entry?: string }): object {
    if (at.entry === undefined) return artifact(at.file);
    const uri = entryUri(at.entry);
    return {
      uri,
      index: this.indexOf(placeName(at), () => ({ location: { uri }, parentIndex: this.indexOf(at.file, () => ({ location: artifact(at.file) })) })),
    };
  }

  private indexOf(key: string, make: () => object): number {
    let index = this.artifactIndex.get(key);
    if (index === undefined) {
      // The parent is made (and numbered) before its entry.
      const made = make();
      index = this.artifacts.push(made) - 1;
      this.artifactIndex.set(key, index);
    }
    return index;
  }
}

/** The rule that decided a finding; every finding has one, the plain lookup's at least. */
function ruleOf(f: Finding): string {
  return f.entity.rule ?? 'not-in-context';
}

function sarifRule(r: RuleDoc): object {
  return {
    id: r.id,
    name: r.id.replace(/(^|-)(\w)/g, (_m: string, _d: string, c: string) => c.toUpperCase()),
    shortDescription: { text: r.summary },
    fullDescription: { text: r.doc },
    help: { text: `${r.doc} Turn it off with "rules": { "${r.id}": "off" } in groundcheck.config.json, or ignore a finding in .groundcheck/ignore.json.` },
    helpUri: ruleDocsUrl(r.id),
    // A result's level follows its entity type's severity (`severity` in the config), not the rule.
    defaultConfiguration: { level: 'warning' },
    properties: { stage: r.stage, pack: r.pack },
  };
}

/** An entry's path inside its archive, as a relative reference: resolved against the archive, never against %SRCROOT%. */
function entryUri(entry: string): string {
  return entry.split('/').map(encodeURIComponent).join('/');
}

/** Paths inside the working directory are relative to %SRCROOT%, as GitHub expects; others are file URLs. */
export function artifact(file: string): { uri: string; uriBaseId?: string } {
  if (isAbsolute(file)) return { uri: pathToFileURL(file).href };
  return { uri: file.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

export function sarifLevel(s: SeveritySetting): SarifLevel {
  if (s === 'error') return 'error';
  if (s === 'warning') return 'warning';
  if (s === 'off') return 'none';
  return 'note';
}

function hash(s: string): string {
  return createHash('sha256').update(s).digest('hex').slice(0, 32);
}
