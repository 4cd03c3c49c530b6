/**
 * Ports in addresses in an agent's turn against the ports the session gives
 * for that host: contradicted only when the session gives one port for it,
 * in addresses of the same kind, and never writes the claimed number itself.
 */
import type { CheckOptions } from '../../../shared/check/checkTranscript';
import { strict as assert } from 'node:assert';
import { call, lastOutput as lastOutputByDefault, result, say, session, user } from './claudeSession';
import { portsInAddresses } from '../../../shared/code/rules/hostPorts';

// The rule does not flag in an agent's turn unless turned on; these tests are about what it says when it is.
const RULE_ON = { 'host-ports': 'on' } as const;
const lastOutput = (raw: string, options: CheckOptions = {}) => lastOutputByDefault(raw, { ...options, rules: { ...RULE_ON, ...options.rules } });

const ran = (output: string, text: string, more: object[] = []) =>
  lastOutput(session([user('Start it.'), call('b1', 'Bash', { command: 'docker compose up -d' }), result('b1', output), ...more, say(text)]));

describe('host-ports', () => {
  it('contradicts a port in an address the session gives another port for, with that port in the fix', () => {
    const e = ran('api | Listening on http://0.0.0.0:8080', 'The API is up at `http://localhost:8082/healthz`.').get('`http://localhost:8082/healthz`')!;
    assert.equal(e.status, 'contradicted');
    assert.equal(e.rule, 'host-ports');
    assert.equal(e.contradiction?.value, '`http://localhost:8080/healthz`');
    assert.equal(e.detail, 'the context gives localhost:8080');
  });

  it('makes the port digits an entity where no other entity holds the address', () => {
    const out = ran('api | Listening on http://0.0.0.0:8080', 'The API answers on localhost:8082 now.');
    const e = [...out.values()].find((v) => v.rule === 'host-ports');
    assert.ok(e, 'a host-ports entity');
    assert.equal(e.text, '8082');
    assert.equal(e.contradiction?.value, '8080');
  });

  it("judges another host's port by that host's ports only", () => {
    const out = ran('proxy to http://31.97.103.71:3002 ok', 'The VPS answers at http://31.97.103.71:3003/master-controller.');
    assert.equal(out.get('http://31.97.103.71:3003/master-controller')?.status, 'contradicted');
    const other = ran('proxy to http://31.97.103.71:3002 ok', 'The VPS answers at http://10.0.0.9:3003/master-controller.');
    assert.notEqual(other.get('http://10.0.0.9:3003/master-controller')?.status, 'contradicted');
  });

  it('leaves alone the port the session gives, a port of a service of another kind, and one the session writes elsewhere', () => {
    const same = ran('api | Listening on http://0.0.0.0:8080', 'The API is up at `http://localhost:8080/healthz`.');
    assert.notEqual(same.get('`http://localhost:8080/healthz`')?.status, 'contradicted');
    const database = ran('DATABASE_URL=postgres://app:pw@localhost:5432/app', 'The API is up at `http://localhost:8082`.');
    assert.notEqual(database.get('`http://localhost:8082`')?.status, 'contradicted');
    const twoServices = ran('api | Listening on http://0.0.0.0:8080\ndocs | ready on port 8082', 'The docs are at `http://localhost:8082`.');
    assert.notEqual(twoServices.get('`http://localhost:8082`')?.status, 'contradicted');
    const twoPorts = ran('api | http://localhost:8080\nweb | http://localhost:5173', 'The UI is at `http://localhost:5174`.');
    assert.notEqual(twoPorts.get('`http://localhost:5174`')?.status, 'contradicted');
  });

  it('does not count the claimed number inside a clock time or a longer number as the session writing it', () => {
    const e = ran('api | 12:08:08 Listening on http://0.0.0.0:8080 (pid 18082)', 'The API is up at `http://localhost:8082`.').get('`http://localhost:8082`');
    assert.equal(e?.status, 'contradicted');
  });

  it('does not judge an address in a plan, a code block or a line of markup', () => {
    const plan = ran('api | Listening on http://0.0.0.0:8080', "I'll move the API to `http://localhost:8082` next.");
    assert.notEqual(plan.get('`http://localhost:8082`')?.status, 'contradicted');
    const fenced = ran('api | Listening on http://0.0.0.0:8080', 'Done.\n\n```\ncurl http://localhost:8082/healthz\n```');
    assert.ok(![...fenced.values()].some((e) => e.rule === 'host-ports'));
    const markup = ran('api | Listening on http://0.0.0.0:8080', 'index.html:\n<input id="api" value="http://localhost:8082" />');
    assert.ok(![...markup.values()].some((e) => e.rule === 'host-ports'));
  });

  it('reads a port only after an address: a loopback name, an IPv4 address or a host after a scheme', () => {
    const found = portsInAddresses('See `app.ts:1204`, localhost:3000, 10.1.2.3:22, postgres://u:p@db.internal:5432/x and at 12:30.');
    assert.deepEqual(
      found.map((p) => [p.host, p.port, p.scheme]),
      [
        ['localhost', '3000', undefined],
        ['10.1.2.3', '22', undefined],
        ['db.internal', '5432', 'postgres'],
      ],
    );
  });

  it('calls a port of a host the session gives several other ports for unverified, when the session never writes it', () => {
    const two = 'web | http://localhost:5172\napi | listening on http://localhost:4000';
    const e = [...ran(two, 'The dashboard is available at localhost:9090 and the server at localhost:4000.').values()].find((v) => v.rule === 'host-ports');
    assert.equal(e?.text, '9090');
    assert.equal(e?.status, 'unverified');
    assert.equal(e?.detail, 'the context gives localhost the ports 5172, 4000, never 9090');
    // An address ending a sentence is read, on either side.
    const ended = [...ran('web | ready on http://localhost:5172.\napi | listening on http://localhost:4000.', 'The dashboard is at localhost:9090.').values()];
    assert.equal(ended.find((v) => v.rule === 'host-ports')?.detail, 'the context gives localhost the ports 5172, 4000, never 9090');
    // One of the ports it gives, or one it writes elsewhere as a number, is not judged.
    assert.ok(![...ran(two, 'The dashboard is available at localhost:5172.').values()].some((v) => v.rule === 'host-ports'));
    assert.ok(![...ran(`${two}\nmetrics on 9090`, 'The dashboard is available at localhost:9090.').values()].some((v) => v.rule === 'host-ports'));
    // A setting the turn writes may be one it proposes.
    assert.ok(![...ran(two, 'Tauri: `devUrl=http://localhost:4200`, `frontendDist=../dist`.').values()].some((v) => v.rule === 'host-ports'));
  });
});
