import { strict as assert } from 'node:assert';
import { entity, listed, textsOfType } from './helpers';

describe('extract: urls', () => {
  it('reads a protocol URL without its trailing punctuation', () => {
    const e = entity('See https://example.com/docs for the API spec.', 'https://example.com/docs');
    assert.equal(e.type, 'url');
    assert.deepEqual(e.span, [4, 28]);
    assert.deepEqual(e.forms, ['https://example.com/docs', 'example.com/docs']);
    assert.deepEqual(textsOfType('The docs live at https://example.com/docs.', 'url'), ['https://example.com/docs']);
  });

  it('lower-cases forms and strips the trailing slash so both spellings match', () => {
    assert.deepEqual(entity('Go to HTTPS://Example.com/ now', 'HTTPS://Example.com/').forms, ['https://example.com', 'example.com']);
  });

  it('keeps query strings and drops an unbalanced closing bracket', () => {
    assert.deepEqual(textsOfType('(see https://x.io/a?b=1&c=2) and [docs](https://en.wikipedia.org/wiki/Foo_(bar)).', 'url'), [
      'https://x.io/a?b=1&c=2',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
  });

  it('reads bare domains with a path or a known top-level domain', () => {
    assert.deepEqual(textsOfType('Visit example.com, docs.acme.internal/start and www.foo.io/bar?x=1.', 'url'), [
      'example.com',
      'docs.acme.internal/start',
      'www.foo.io/bar?x=1',
    ]);
  });

  it('does not take dotted words or e-mail domains for URLs', () => {
    assert.deepEqual(textsOfType('Until End.Of.Day, e.g. file.py or mail bob@example.com.', 'url'), []);
    // End.Of.Day is read as a dotted identifier instead.
    assert.deepEqual(listed('Until End.Of.Day only'), [['End.Of.Day', 'identifier']]);
  });
});
