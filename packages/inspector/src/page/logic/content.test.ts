import { describe, expect, it } from 'vitest';
import example from './__fixtures__/example-server.json' with { type: 'json' };
import { prettyJsonText, viewContentItem, viewResourceContents } from './content.js';

describe('prettyJsonText', () => {
  it('pretty-prints JSON objects and arrays only', () => {
    expect(prettyJsonText(' {"found":true,"product":{"sku":"MUG-001"}} ')).toBe(
      '{\n  "found": true,\n  "product": {\n    "sku": "MUG-001"\n  }\n}',
    );
    expect(prettyJsonText('[1,2]')).toBe('[\n  1,\n  2\n]');
    expect(prettyJsonText('42')).toBeUndefined();
    expect(prettyJsonText('"quoted"')).toBeUndefined();
    expect(prettyJsonText('{not json')).toBeUndefined();
    expect(prettyJsonText('Input validation failed')).toBeUndefined();
  });
});

describe('viewContentItem', () => {
  it('shows text as text, and JSON text pretty-printed', () => {
    expect(viewContentItem(example.badCall.content[0])).toEqual({
      kind: 'text',
      text: 'Input validation failed:\n- nope: is not allowed (additionalProperties)',
    });
    expect(viewContentItem({ type: 'text', text: '{"a":1}' })).toEqual({
      kind: 'json',
      text: '{\n  "a": 1\n}',
    });
  });

  it('turns images and audio into data URIs, images with alt text', () => {
    expect(viewContentItem({ type: 'image', data: 'iVBORw0K', mimeType: 'image/png' })).toEqual({
      kind: 'image',
      src: 'data:image/png;base64,iVBORw0K',
      alt: 'Image returned by the tool (image/png)',
    });
    expect(viewContentItem({ type: 'audio', data: 'UklG', mimeType: 'audio/wav' })).toMatchObject({
      kind: 'audio',
      src: 'data:audio/wav;base64,UklG',
    });
  });

  it('shows resource links and embedded resources', () => {
    expect(
      viewContentItem({
        type: 'resource_link',
        uri: 'shop://products/MUG-001',
        name: 'MUG-001',
        mimeType: 'application/json',
      }),
    ).toEqual({
      kind: 'link',
      uri: 'shop://products/MUG-001',
      name: 'MUG-001',
      mimeType: 'application/json',
    });
    expect(
      viewContentItem({
        type: 'resource',
        resource: { uri: 'shop://x', mimeType: 'application/json', text: '{"a":1}' },
      }),
    ).toEqual({
      kind: 'resource',
      uri: 'shop://x',
      body: { kind: 'json', text: '{\n  "a": 1\n}' },
    });
  });

  it('shows an unknown item as its JSON', () => {
    expect(viewContentItem({ type: 'hologram' })).toEqual({
      kind: 'unknown',
      text: '{\n  "type": "hologram"\n}',
    });
  });
});

describe('viewResourceContents', () => {
  it('renders markdown docs as markdown', () => {
    const [contents] = example.docs.contents;
    if (contents === undefined) throw new Error('no docs');
    expect(viewResourceContents(contents)).toMatchObject({ kind: 'markdown' });
  });

  it('shows image blobs and counts other bytes', () => {
    expect(
      viewResourceContents({ uri: 'x://a.png', mimeType: 'image/png', blob: 'AAAA' }),
    ).toMatchObject({
      kind: 'image',
      src: 'data:image/png;base64,AAAA',
    });
    expect(
      viewResourceContents({ uri: 'x://a.bin', mimeType: 'application/zip', blob: 'AAAA' }),
    ).toEqual({
      kind: 'binary',
      mimeType: 'application/zip',
      bytes: 3,
    });
    expect(viewResourceContents({ uri: 'x://a.csv', mimeType: 'text/csv', text: 'a,b' })).toEqual({
      kind: 'text',
      text: 'a,b',
    });
  });
});
