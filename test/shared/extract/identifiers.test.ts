import { strict as assert } from 'node:assert';
import { entity, listed, textsOfType } from './helpers';

describe('extract: identifiers', () => {
  it('reads the spec sentence as user.email and one call with its callee as a form', () => {
    const output = 'Set user.email = db.query("SELECT id").id';
    assert.deepEqual(listed(output), [
      ['user.email', 'identifier'],
      ['db.query("SELECT id").id', 'identifier'],
    ]);
    const call = entity(output, 'db.query("SELECT id").id');
    assert.deepEqual(call.span, [17, 41]);
    assert.deepEqual(call.forms, ['db.query("SELECT id").id', 'db.query().id', 'db.query']);
  });

  it('gives an empty call its args-stripped name', () => {
    assert.deepEqual(entity("I'll call db.fetchAll() to load rows", 'db.fetchAll()').forms, ['db.fetchAll()', 'db.fetchAll']);
    assert.deepEqual(entity('then print(value) it', 'print(value)').forms, ['print(value)', 'print()', 'print']);
  });

  // biome-ignore format: a list of words or values reads best packed
  it('reads snake_case, camelCase and PascalCase names with an inner capital', () => {
    assert.deepEqual(textsOfType('Use user_id, MAX_RETRIES, fetchAll, getUserById, HTTPServer and __init__ here.', 'identifier'), [
      'user_id', 'MAX_RETRIES', 'fetchAll', 'getUserById', 'HTTPServer', '__init__',
    ]);
  });

  // biome-ignore format: a list of words or values reads best packed
  it('reads index access, generics and accessors', () => {
    assert.deepEqual(textsOfType('Read rows[0], obj["k"], Map<K, V>, user?.email and std::vec::Vec.', 'identifier'), [
      'rows[0]', 'obj["k"]', 'Map<K, V>', 'user?.email', 'std::vec::Vec',
    ]);
    assert.deepEqual(entity('a Map<K, V> here', 'Map<K, V>').forms, ['Map<K, V>', 'Map<K,V>']);
  });

  // biome-ignore format: a list of words or values reads best packed
  it('reads rooted and relative paths', () => {
    assert.deepEqual(textsOfType('Edit src/lib/util.ts, ./x, ../lib/a and /usr/bin/env, not and/or or km/h.', 'identifier'), [
      'src/lib/util.ts', './x', '../lib/a', '/usr/bin/env',
    ]);
    assert.deepEqual(entity('see ./config.json now', './config.json').forms, ['./config.json', 'config.json']);
    assert.deepEqual(entity('open src/util.ts.', 'src/util.ts').span, [5, 16]);
  });

  it('reads template interpolation with both paddings as forms', () => {
    assert.deepEqual(entity('Hello ${name}!', '${name}').forms, ['${name}', '${ name }']);
    assert.deepEqual(entity('Hi {{ user.name }} there', '{{ user.name }}').forms, ['{{ user.name }}', '{{user.name}}']);
  });

  it('skips single characters, plain words, numbers and abbreviations', () => {
    assert.deepEqual(textsOfType('Let i = x + 3.14 and v2.0, e.g. this, i.e. that, a.m. and U.S. data(s).', 'identifier'), []);
  });

  it('does not swallow the full stop that ends a sentence', () => {
    assert.deepEqual(entity('We read user.email. Then stop.', 'user.email').span, [8, 18]);
  });

  it('leaves Unicode identifiers out, as documented', () => {
    assert.deepEqual(textsOfType('naïve_value and größe_x', 'identifier'), []);
  });

  it('leaves Mc/Mac surnames to proper nouns', () => {
    assert.deepEqual(listed('We met Britt McHenry. Later McHenry and MacArthur left.'), [['Britt McHenry', 'proper_noun']]);
    assert.deepEqual(listed('McHenry spoke. Then McHenry left.'), [['McHenry', 'proper_noun']]);
    assert.deepEqual(textsOfType('Call McpServer or MacOSVersion', 'identifier'), ['McpServer', 'MacOSVersion']);
  });

  it('does not mistake a plural in brackets for a call', () => {
    assert.deepEqual(textsOfType('Send the customer(s) a note.', 'identifier'), []);
  });
});
