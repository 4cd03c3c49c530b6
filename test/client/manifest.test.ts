import * as assert from 'node:assert/strict';
import { RESTRICT_SETTING } from '../../client/src/serverSandbox';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ENTITY_TYPES } from '../../shared/classifier/types';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { COMMANDS } from '../../client/src/commandIds';

const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../package.json'), 'utf8'));
const properties: Record<string, { default: unknown; markdownDescription?: string }> = Object.assign(
  {},
  ...manifest.contributes.configuration.map((section: { properties: object }) => section.properties),
);

/** The settings object as VS Code builds it from the declared defaults ("a.b" keys nest). */
function defaultsAsObject(): Record<string, unknown> {
  const out: Record<string, any> = {};
  for (const [key, { default: value }] of Object.entries(properties)) {
    if (key === `groundcheck.${RESTRICT_SETTING}`) continue;
    const parts = key.replace(/^groundcheck\./, '').split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) node = node[part] ??= {};
    node[parts[parts.length - 1]] = value;
  }
  return out;
}

describe('package.json manifest', () => {
  it('declares every setting with the defaults the server and CLI use', () => {
    assert.deepEqual(defaultsAsObject(), DEFAULT_SETTINGS);
    // The one setting only the client reads: the server is confined unless it is turned off.
    assert.equal(properties[`groundcheck.${RESTRICT_SETTING}`].default, true);
  });

  it('documents every setting in Markdown', () => {
    for (const [key, p] of Object.entries(properties)) assert.ok(p.markdownDescription, `${key} has no markdownDescription`);
  });

  it('has a severity setting per entity type', () => {
    assert.deepEqual(
      Object.keys(properties)
        .filter((k) => k.startsWith('groundcheck.severity.'))
        .sort(),
      ENTITY_TYPES.map((t) => `groundcheck.severity.${t}`).sort(),
    );
  });

  it('contributes exactly the commands the client registers, in the groundcheck category', () => {
    const declared = manifest.contributes.commands.map((c: { command: string; category: string }) => {
      assert.equal(c.category, 'groundcheck');
      return c.command;
    });
    assert.deepEqual(declared.sort(), Object.values(COMMANDS).sort());
  });

  it('restricts list settings in untrusted workspaces and stays on VS Code 1.100', () => {
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    for (const key of manifest.capabilities.untrustedWorkspaces.restrictedConfigurations) assert.ok(properties[key], key);
    assert.equal(manifest.engines.vscode, '^1.100.0');
  });
});
