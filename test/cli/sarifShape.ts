/**
 * The parts of the SARIF 2.1.0 schema a code-scanning upload depends on,
 * checked by hand (no network, no schema download): required properties,
 * enumerations and the ranges of numbers. Returns every violation as a
 * JSON-path-like message, so a failing test says what is wrong where.
 */
const LEVELS = ['none', 'note', 'warning', 'error'];

type Json = Record<string, unknown>;

export function sarifViolations(log: unknown): string[] {
  const v: string[] = [];
  const obj = (x: unknown, at: string): x is Json => {
    const ok = typeof x === 'object' && x !== null && !Array.isArray(x);
    if (!ok) v.push(`${at}: expected an object`);
    return ok;
  };
  const arr = (x: unknown, at: string): x is unknown[] => {
    if (!Array.isArray(x)) v.push(`${at}: expected an array`);
    return Array.isArray(x);
  };
  const str = (x: unknown, at: string) => (typeof x === 'string' && x.length > 0 ? true : (v.push(`${at}: expected a non-empty string`), false));
  const int = (x: unknown, at: string, min: number) =>
    Number.isInteger(x) && (x as number) >= min ? true : (v.push(`${at}: expected an integer >= ${min}`), false);
  const message = (m: unknown, at: string) => {
    if (obj(m, at) && typeof m.text !== 'string' && typeof m.id !== 'string') v.push(`${at}: needs text or id`);
  };
  const physical = (p: unknown, at: string) => {
    if (!obj(p, at)) return;
    if (obj(p.artifactLocation, `${at}.artifactLocation`)) str((p.artifactLocation as Json).uri, `${at}.artifactLocation.uri`);
    if (p.region === undefined) return;
    if (!obj(p.region, `${at}.region`)) return;
    const r = p.region as Json;
    for (const k of ['startLine', 'startColumn', 'endLine', 'endColumn'] as const) if (r[k] !== undefined) int(r[k], `${at}.region.${k}`, 1);
    if (r.charOffset !== undefined) int(r.charOffset, `${at}.region.charOffset`, 0);
    if (r.charLength !== undefined) int(r.charLength, `${at}.region.charLength`, 0);
    if (r.startLine === undefined && r.charOffset === undefined) v.push(`${at}.region: needs startLine or charOffset`);
    if (typeof r.endLine === 'number' && typeof r.startLine === 'number' && r.endLine < r.startLine) v.push(`${at}.region: ends before it starts`);
  };

  if (!obj(log, '$')) return v;
  if (log.version !== '2.1.0') v.push('$.version: must be "2.1.0"');
  str(log.$schema, '$.$schema');
  if (!arr(log.runs, '$.runs')) return v;
  log.runs.forEach((run, i) => {
    const at = `$.runs[${i}]`;
    if (!obj(run, at)) return;
    const ruleIds: string[] = [];
    if (obj(run.tool, `${at}.tool`) && obj((run.tool as Json).driver, `${at}.tool.driver`)) {
      const d = (run.tool as Json).driver as Json;
      str(d.name, `${at}.tool.driver.name`);
      if (d.rules !== undefined && arr(d.rules, `${at}.tool.driver.rules`)) {
        (d.rules as unknown[]).forEach((rule, k) => {
          const rat = `${at}.tool.driver.rules[${k}]`;
          if (!obj(rule, rat)) return;
          if (str(rule.id, `${rat}.id`)) ruleIds.push(rule.id as string);
          if (rule.helpUri !== undefined) str(rule.helpUri, `${rat}.helpUri`);
          const level = (rule.defaultConfiguration as Json | undefined)?.level;
          if (level !== undefined && !LEVELS.includes(level as string)) v.push(`${rat}.defaultConfiguration.level: not a SARIF level`);
        });
      }
    }
    if (run.invocations !== undefined && arr(run.invocations, `${at}.invocations`)) {
      (run.invocations as unknown[]).forEach((inv, k) => {
        if (obj(inv, `${at}.invocations[${k}]`) && typeof inv.executionSuccessful !== 'boolean') {
          v.push(`${at}.invocations[${k}].executionSuccessful: required boolean`);
        }
      });
    }
    if (!arr(run.results, `${at}.results`)) return;
    (run.results as unknown[]).forEach((res, k) => {
      const rat = `${at}.results[${k}]`;
      if (!obj(res, rat)) return;
      message(res.message, `${rat}.message`);
      if (res.level !== undefined && !LEVELS.includes(res.level as string)) v.push(`${rat}.level: not a SARIF level`);
      if (res.ruleId !== undefined && !ruleIds.includes(res.ruleId as string)) v.push(`${rat}.ruleId: no such rule`);
      if (res.ruleIndex !== undefined && ruleIds[res.ruleIndex as number] !== res.ruleId) v.push(`${rat}.ruleIndex: does not point at ruleId`);
      if (arr(res.locations, `${rat}.locations`)) {
        (res.locations as unknown[]).forEach(
          (l, j) => obj(l, `${rat}.locations[${j}]`) && physical((l as Json).physicalLocation, `${rat}.locations[${j}].physicalLocation`),
        );
      }
      if (res.relatedLocations !== undefined && arr(res.relatedLocations, `${rat}.relatedLocations`)) {
        (res.relatedLocations as unknown[]).forEach((l, j) => {
          const lat = `${rat}.relatedLocations[${j}]`;
          if (!obj(l, lat)) return;
          if (l.id !== undefined) int(l.id, `${lat}.id`, 0);
          if (l.message !== undefined) message(l.message, `${lat}.message`);
          physical(l.physicalLocation, `${lat}.physicalLocation`);
        });
      }
      if (res.partialFingerprints !== undefined && obj(res.partialFingerprints, `${rat}.partialFingerprints`)) {
        for (const [key, value] of Object.entries(res.partialFingerprints as Json))
          if (typeof value !== 'string') v.push(`${rat}.partialFingerprints.${key}: must be a string`);
      }
    });
  });
  return v;
}
