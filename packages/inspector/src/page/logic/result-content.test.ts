import { describe, expect, it } from 'vitest';
import { contentBesideStructured } from './result-content.js';

const structured = { found: true, product: { sku: 'MUG-001', tags: ['mug', 'kitchen'] } };

describe('contentBesideStructured', () => {
  it('drops the text item that repeats the structured content, whatever its key order', () => {
    const copy = {
      type: 'text',
      text: '{"product":{"tags":["mug","kitchen"],"sku":"MUG-001"},"found":true}',
    };
    expect(contentBesideStructured([copy], structured)).toEqual([]);
    const pretty = { type: 'text', text: JSON.stringify(structured, null, 2) };
    expect(contentBesideStructured([pretty], structured)).toEqual([]);
  });

  it('keeps what says something else: other text, other JSON, images', () => {
    const items = [
      { type: 'text', text: 'Found it' },
      { type: 'text', text: '{"found":false}' },
      { type: 'text', text: '{"found":true,"product":{"sku":"MUG-001","tags":["mug"]}}' },
      { type: 'text', text: '{broken' },
      { type: 'image', data: 'iVBO', mimeType: 'image/png' },
    ];
    expect(contentBesideStructured(items, structured)).toEqual(items);
  });

  it('keeps every item of a result without structured content', () => {
    const items = [{ type: 'text', text: '{"found":true}' }];
    expect(contentBesideStructured(items, undefined)).toEqual(items);
  });
});
