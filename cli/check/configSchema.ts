/**
 * Validates a project config object node by node, so every complaint can
 * point at the offending key or value in the file. The keys are the
 * extension's settings (see shared/protocol/settings.ts) plus `ignore`,
 * which the CLI alone reads.
 */
import type { Node } from 'jsonc-parser';
import { getNodeValue } from 'jsonc-parser';
import { ENTITY_TYPES, type EntityType } from '../../shared/classifier/types';
import { isRuleId, PACKS, type RulePack } from '../../shared/classifier/rules';
import type { GroundcheckSettings, SeveritySetting } from '../../shared/protocol/settings';
import { PRICE_KINDS, type ModelPrice } from '../../shared/usage/prices';
import type { Budget, Limits } from '../../shared/usage/budget';

export interface ConfigProblem {
  message: string;
  /** Raw offset of the node the message is about. */
  offset: number;
}

export interface ProjectConfig {
  settings: Partial<GroundcheckSettings>;
  /** Whether `.groundcheck/ignore.json` applies (default true). */
  ignore?: boolean;
  /** Per-model prices (US dollars per million tokens) laid over the shipped table. */
  prices?: Record<string, ModelPrice>;
  /** Soft and hard limits on each session's tokens and cost, checked by `groundcheck check`. */
  budget?: Budget;
}

const SEVERITIES: readonly SeveritySetting[] = ['error', 'warning', 'information', 'hint', 'off'];
const TYPES: ReadonlySet<string> = new Set(ENTITY_TYPES);
const PACK_IDS: readonly string[] = PACKS.map((p) => p.id);

type Check = (node: Node, out: ProjectConfig, problems: ConfigProblem[]) => void;

const KEYS: Record<string, Check> = {
  strict: boolean((c, v) => (c.settings.strict = v)),
  modelOutputsAsContext: boolean((c, v) => (c.settings.modelOutputsAsContext = v)),
  ignore: boolean((c, v) => (c.ignore = v)),
  minEntities: integer(0, (c, v) => (c.settings.minEntities = v)),
  maxDiagnosticsPerFile: integer(0, (c, v) => (c.settings.maxDiagnosticsPerFile = v)),
  maxSegments: integer(1, (c, v) => (c.settings.maxSegments = v)),
  maxFileSizeMB: (node, c, problems) => {
    const v = getNodeValue(node);
    if (typeof v !== 'number' || !(v > 0)) return void problems.push(expected(node, 'a number of megabytes above 0'));
    c.settings.maxFileSizeMB = v;
  },
  profile: (node, c, problems) => {
    const v = getNodeValue(node);
    if (Array.isArray(v)) {
      // A profile is a list of packs: the refined profile with only those.
      const bad = (node.children ?? []).find((n) => typeof n.value !== 'string' || !PACK_IDS.includes(n.value));
      if (bad) return void problems.push(expected(bad, `a pack (${PACK_IDS.join(', ')})`));
      c.settings.profile = 'refined';
      c.settings.packs = v as RulePack[];
      return;
    }
    if (v !== 'spec' && v !== 'refined') return void problems.push(expected(node, '"refined", "spec" or a list of packs'));
    c.settings.profile = v;
    delete c.settings.packs;
  },
  run: (node, c, problems) => {
    const v = getNodeValue(node);
    if (v !== 'onType' && v !== 'onSave') return void problems.push(expected(node, '"onType" or "onSave"'));
    c.settings.run = v;
  },
  entityTypes: (node, c, problems) => {
    if (node.type !== 'array') return void problems.push(expected(node, `a list of entity types (${ENTITY_TYPES.join(', ')})`));
    const types: EntityType[] = [];
    for (const item of node.children ?? []) {
      const v = getNodeValue(item);
      if (typeof v !== 'string' || !TYPES.has(v)) problems.push(expected(item, `one of ${ENTITY_TYPES.join(', ')}`));
      else if (!types.includes(v as EntityType)) types.push(v as EntityType);
    }
    c.settings.entityTypes = types;
  },
  stopwords: (node, c, problems) => {
    if (node.type === 'null') return void (c.settings.stopwords = null);
    if (node.type !== 'array') return void problems.push(expected(node, 'a list of words, or null for the built-in list'));
    const words: string[] = [];
    for (const item of node.children ?? []) {
      if (item.type !== 'string') problems.push(expected(item, 'a word (a string)'));
      else words.push(item.value as string);
    }
    c.settings.stopwords = words;
  },
  rules: (node, c, problems) => {
    if (node.type !== 'object') return void problems.push(expected(node, 'an object from rule id to "on" or "off"'));
    const rules: Record<string, 'on' | 'off'> = {};
    for (const prop of node.children ?? []) {
      const [keyNode, valueNode] = prop.children ?? [];
      if (!keyNode || !valueNode) continue;
      const key = keyNode.value as string;
      if (!isRuleId(key)) {
        problems.push({ message: `unknown rule "${key}" (\`groundcheck rules\` lists them)`, offset: keyNode.offset });
        continue;
      }
      const v = getNodeValue(valueNode);
      if (v !== 'on' && v !== 'off') problems.push(expected(valueNode, '"on" or "off"'));
      else rules[key] = v;
    }
    c.settings.rules = rules;
  },
  prices: (node, c, problems) => {
    if (node.type !== 'object') return void problems.push(expected(node, 'an object from model name to its prices'));
    const prices: Record<string, ModelPrice> = {};
    for (const prop of node.children ?? []) {
      const [keyNode, valueNode] = prop.children ?? [];
      if (!keyNode || !valueNode) continue;
      const price = modelPrice(valueNode, problems);
      if (price) prices[keyNode.value as string] = price;
    }
    c.prices = prices;
  },
  budget: (node, c, problems) => {
    if (node.type !== 'object') return void problems.push(expected(node, 'an object with "tokens" and/or "cost", each { "soft", "hard" }'));
    const budget: Budget = {};
    for (const prop of node.children ?? []) {
      const [keyNode, valueNode] = prop.children ?? [];
      if (!keyNode || !valueNode) continue;
      const key = keyNode.value as string;
      if (key !== 'tokens' && key !== 'cost') {
        problems.push({ message: `unknown budget "${key}" (known: tokens, cost)`, offset: keyNode.offset });
        continue;
      }
      const limits = budgetLimits(valueNode, key, problems);
      if (limits) budget[key] = limits;
    }
    c.budget = budget;
  },
  severity: (node, c, problems) => {
    if (node.type !== 'object') return void problems.push(expected(node, 'an object from entity type to severity'));
    const severity: Partial<Record<EntityType, SeveritySetting>> = {};
    for (const prop of node.children ?? []) {
      const [keyNode, valueNode] = prop.children ?? [];
      if (!keyNode || !valueNode) continue;
      const key = keyNode.value as string;
      if (!TYPES.has(key)) {
        problems.push({ message: `unknown entity type "${key}" (known: ${ENTITY_TYPES.join(', ')})`, offset: keyNode.offset });
        continue;
      }
      const v = getNodeValue(valueNode);
      if (!SEVERITIES.includes(v)) problems.push(expected(valueNode, `one of ${SEVERITIES.join(', ')}`));
      else severity[key as EntityType] = v;
    }
    c.settings.severity = severity as Record<EntityType, SeveritySetting>;
  },
};

export const CONFIG_KEYS: readonly string[] = Object.keys(KEYS);

/** Reads a config object node; problems are collected, not thrown, so the user sees all of them at once. */
export function readConfigObject(node: Node, problems: ConfigProblem[]): ProjectConfig {
  const config: ProjectConfig = { settings: {} };
  if (node.type !== 'object') {
    problems.push(expected(node, 'an object of settings'));
    return config;
  }
  for (const prop of node.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    if (!keyNode || !valueNode) continue;
    const key = keyNode.value as string;
    const check = Object.prototype.hasOwnProperty.call(KEYS, key) ? KEYS[key] : undefined;
    if (!check) {
      problems.push({ message: `unknown setting "${key}" (known: ${CONFIG_KEYS.join(', ')})`, offset: keyNode.offset });
      continue;
    }
    check(valueNode, config, problems);
  }
  return config;
}

/** `{ soft?, hard? }`: tokens as whole numbers, cost as dollars; hard at least soft. */
function budgetLimits(node: Node, kind: 'tokens' | 'cost', problems: ConfigProblem[]): Limits | undefined {
  const unit = kind === 'tokens' ? 'a whole number of tokens above 0' : 'an amount of US dollars above 0';
  if (node.type !== 'object') return void problems.push(expected(node, `an object { "soft": …, "hard": … } of ${kind === 'tokens' ? 'tokens' : 'US dollars'}`));
  const limits: Limits = {};
  for (const prop of node.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    if (!keyNode || !valueNode) continue;
    const key = keyNode.value as string;
    if (key !== 'soft' && key !== 'hard') {
      problems.push({ message: `unknown limit "${key}" (known: soft, hard)`, offset: keyNode.offset });
      continue;
    }
    const v = getNodeValue(valueNode);
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || (kind === 'tokens' && !Number.isSafeInteger(v))) {
      problems.push(expected(valueNode, unit));
      continue;
    }
    limits[key] = v;
  }
  if (limits.soft !== undefined && limits.hard !== undefined && limits.hard < limits.soft) {
    problems.push({ message: `the hard ${kind} budget (${limits.hard}) is below the soft one (${limits.soft})`, offset: node.offset });
  }
  return limits;
}

/** `{ input, output, cacheRead, cacheWrite?, cacheWrite1h? }`, each dollars per million tokens, at least 0. */
function modelPrice(node: Node, problems: ConfigProblem[]): ModelPrice | undefined {
  const kinds = PRICE_KINDS.join(', ');
  if (node.type !== 'object') return void problems.push(expected(node, `an object of prices in dollars per million tokens (${kinds})`));
  const price: Partial<Record<(typeof PRICE_KINDS)[number], number>> = {};
  let ok = true;
  for (const prop of node.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    if (!keyNode || !valueNode) continue;
    const key = keyNode.value as string;
    if (!(PRICE_KINDS as readonly string[]).includes(key)) {
      problems.push({ message: `unknown price "${key}" (known: ${kinds})`, offset: keyNode.offset });
      ok = false;
      continue;
    }
    const v = getNodeValue(valueNode);
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      problems.push(expected(valueNode, 'a price in dollars per million tokens, at least 0'));
      ok = false;
      continue;
    }
    price[key as (typeof PRICE_KINDS)[number]] = v;
  }
  for (const required of ['input', 'output', 'cacheRead'] as const) {
    if (price[required] === undefined && ok) {
      problems.push({ message: `the price of ${required} tokens is missing (use 0 if they are free)`, offset: node.offset });
      ok = false;
    }
  }
  return ok ? (price as ModelPrice) : undefined;
}

function boolean(set: (c: ProjectConfig, v: boolean) => void): Check {
  return (node, c, problems) => {
    if (node.type !== 'boolean') return void problems.push(expected(node, 'true or false'));
    set(c, node.value as boolean);
  };
}

function integer(min: number, set: (c: ProjectConfig, v: number) => void): Check {
  return (node, c, problems) => {
    const v = getNodeValue(node);
    if (!Number.isInteger(v) || v < min) return void problems.push(expected(node, `a whole number of at least ${min}`));
    set(c, v);
  };
}

function expected(node: Node, what: string): ConfigProblem {
  return { message: `expected ${what}, got ${describe(node)}`, offset: node.offset };
}

function describe(node: Node): string {
  if (node.type === 'object' || node.type === 'array') return `an ${node.type}`;
  return JSON.stringify(getNodeValue(node));
}
