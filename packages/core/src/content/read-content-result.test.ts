import { describe, expect, it } from 'vitest';
import { CONTENT_RESULT_KEY } from './content-item.js';
import { isContentResult, readContentItems, toContentResult } from './read-content-result.js';
import { embeddedResource, image, resourceLink, text } from './result-helpers.js';

describe('toContentResult', () => {
  it('makes a plain string one text item holding exactly it', () => {
    expect(toContentResult('{"text":"x"}')).toEqual(text('{"text":"x"}'));
  });

  it('joins an array of results and strings in order', () => {
    expect(toContentResult(['Chart:', image('aGk=', 'image/png'), text('end')])).toEqual({
      [CONTENT_RESULT_KEY]: [
        { type: 'text', text: 'Chart:' },
        { type: 'image', data: 'aGk=', mimeType: 'image/png' },
        { type: 'text', text: 'end' },
      ],
    });
    expect(toContentResult([])).toEqual({ [CONTENT_RESULT_KEY]: [] });
  });

  it('leaves JSON output alone', () => {
    for (const output of [
      { text: 'hi' },
      { type: 'text', text: 'hi' },
      [1, 2],
      ['a', { b: 1 }],
      null,
      3,
    ]) {
      expect(toContentResult(output)).toBeUndefined();
    }
    expect(isContentResult({ [CONTENT_RESULT_KEY]: 'not an array' })).toBe(false);
  });
});

describe('readContentItems', () => {
  it('reads the items of every helper, keeping only their known fields', () => {
    const added = { ...text('hi'), traceId: 'abc' };
    const items = readContentItems([
      added,
      { [CONTENT_RESULT_KEY]: [{ type: 'image', data: 'aGk=', mimeType: 'image/png', extra: 1 }] },
      embeddedResource({ uri: 'test://a', mimeType: 'text/plain', text: 'x' }),
      embeddedResource({ uri: 'test://b', blob: 'aGk=' }),
      resourceLink({ uri: 'test://c', name: 'c', size: 3 }),
    ]);
    expect(items).toEqual([
      { type: 'text', text: 'hi' },
      { type: 'image', data: 'aGk=', mimeType: 'image/png' },
      { type: 'resource', resource: { uri: 'test://a', mimeType: 'text/plain', text: 'x' } },
      { type: 'resource', resource: { uri: 'test://b', blob: 'aGk=' } },
      { type: 'resource_link', uri: 'test://c', name: 'c', size: 3 },
    ]);
  });

  it('says which item is wrong when an executor changed one on the way', () => {
    const read = (item: unknown) => () =>
      readContentItems({ [CONTENT_RESULT_KEY]: [text('ok')[CONTENT_RESULT_KEY][0], item] });
    expect(read('x')).toThrow('content item 2 is a string, not an item');
    expect(read({ type: 'video' })).toThrow('content item 2 has an unknown type: video');
    expect(read({ type: 'image', data: 'a!', mimeType: 'image/png' })).toThrow(
      'content item 2 (image): data is not valid base64',
    );
    expect(read({ type: 'audio', data: 'aGk=' })).toThrow(
      'content item 2 (audio): mimeType must be a string, got undefined',
    );
    expect(read({ type: 'resource', resource: { uri: 'a://b' } })).toThrow(
      'content item 2 (resource): resource needs a text or a blob',
    );
    expect(read({ type: 'resource_link', uri: 'a://b' })).toThrow(
      'content item 2 (resource_link): name must be a string, got undefined',
    );
  });

  it('is undefined for JSON output', () => {
    expect(readContentItems({ total: 1 })).toBeUndefined();
  });
});
