import { describe, expect, it } from 'vitest';
import { defineModule } from '../define-module.js';
import { InvalidResultError } from '../errors/invalid-result-error.js';
import { CONTENT_RESULT_KEY } from './content-item.js';
import { audio, embeddedResource, image, resourceLink, text } from './result-helpers.js';

/** The 1x1 red PNG of the MCP conformance suite's reference server. */
const RED_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const PNG_BYTES = Buffer.from(RED_PIXEL_PNG, 'base64');

describe('text', () => {
  it('is one text item holding exactly the string', () => {
    expect(text('This is a simple text response for testing.')).toEqual({
      [CONTENT_RESULT_KEY]: [{ type: 'text', text: 'This is a simple text response for testing.' }],
    });
    expect(text('')).toEqual({ [CONTENT_RESULT_KEY]: [{ type: 'text', text: '' }] });
    expect(text(' {"a":1}\n')[CONTENT_RESULT_KEY]).toEqual([{ type: 'text', text: ' {"a":1}\n' }]);
  });

  it('refuses what is not a string, naming the helper, with a coded error', () => {
    const caught = (() => {
      try {
        text(42 as unknown as string);
      } catch (error) {
        return error;
      }
    })();
    expect(InvalidResultError.isInstance(caught)).toBe(true);
    expect((caught as InvalidResultError).code).toBe('INVALID_RESULT');
    expect(() => text(42 as unknown as string)).toThrow(
      // Code and message: a whole error would compare its timestamp too, to the millisecond.
      expect.objectContaining({
        code: 'INVALID_RESULT',
        message: 'text: the text must be a string, got a number',
      }),
    );
    expect(() => text(undefined as unknown as string)).toThrow(/^text: .*got undefined$/);
  });

  it('survives a JSON round trip, as an executor that copies outputs makes', () => {
    const result = [image(PNG_BYTES, 'image/png'), text('hi')];
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(structuredClone(result)).toEqual(result);
  });
});

describe.each([
  ['image', image, 'image/png'],
  ['audio', audio, 'audio/wav'],
] as const)('%s', (name, helper, mimeType) => {
  it('takes bytes (Buffer, Uint8Array, ArrayBuffer) and base64 alike', () => {
    const expected = { [CONTENT_RESULT_KEY]: [{ type: name, data: RED_PIXEL_PNG, mimeType }] };
    expect(helper(RED_PIXEL_PNG, mimeType)).toEqual(expected);
    expect(helper(PNG_BYTES, mimeType)).toEqual(expected);
    expect(helper(new Uint8Array(PNG_BYTES), mimeType)).toEqual(expected);
    const copy = new Uint8Array(PNG_BYTES);
    expect(helper(copy.buffer, mimeType)).toEqual(expected);
  });

  it('encodes only the view of a larger buffer', () => {
    const bytes = new Uint8Array([0, 104, 105, 0]).subarray(1, 3);
    expect(helper(bytes, mimeType)[CONTENT_RESULT_KEY][0]).toMatchObject({ data: 'aGk=' });
  });

  it('refuses a string that is not base64 with a clear error naming it', () => {
    for (const bad of ['not base64!', 'aGk', 'aGk=\n', 'a===', 'data:image/png;base64,aGk=']) {
      expect(() => helper(bad, mimeType)).toThrow(
        new RegExp(`^${name}: data is not valid base64 \\(\\d+ characters\\)`),
      );
    }
  });

  it('refuses data of the wrong type and a missing MIME type', () => {
    expect(() => helper(42 as unknown as string, mimeType)).toThrow(
      expect.objectContaining({
        code: 'INVALID_RESULT',
        message: `${name}: data must be bytes (Uint8Array, Buffer) or a base64 string, got a number`,
      }),
    );
    expect(() => helper([1, 2] as unknown as string, mimeType)).toThrow(/got an array$/);
    expect(() => helper(RED_PIXEL_PNG, '')).toThrow(`${name}: mimeType must not be empty`);
    expect(() => helper(RED_PIXEL_PNG, undefined as unknown as string)).toThrow(
      `${name}: mimeType must be a string, got undefined`,
    );
  });
});

describe('embeddedResource', () => {
  it('embeds a text resource, as the conformance scenario expects', () => {
    expect(
      embeddedResource({
        uri: 'test://embedded-resource',
        mimeType: 'text/plain',
        text: 'This is an embedded resource content.',
      }),
    ).toEqual({
      [CONTENT_RESULT_KEY]: [
        {
          type: 'resource',
          resource: {
            uri: 'test://embedded-resource',
            mimeType: 'text/plain',
            text: 'This is an embedded resource content.',
          },
        },
      ],
    });
  });

  it('embeds bytes as a base64 blob, without a MIME type when none is given', () => {
    expect(embeddedResource({ uri: 'test://logo', blob: PNG_BYTES })[CONTENT_RESULT_KEY]).toEqual([
      { type: 'resource', resource: { uri: 'test://logo', blob: RED_PIXEL_PNG } },
    ]);
  });

  it('refuses a missing uri, both or neither of text and blob, a bad blob', () => {
    const refuse = (input: unknown) => () =>
      embeddedResource(input as { uri: string; text: string });
    expect(refuse({ text: 'x' })).toThrow('embeddedResource: uri must be a string, got undefined');
    expect(refuse({ uri: 'a://b' })).toThrow('embeddedResource: give exactly one of text and blob');
    expect(refuse({ uri: 'a://b', text: 'x', blob: 'aGk=' })).toThrow(
      /exactly one of text and blob/,
    );
    expect(refuse({ uri: 'a://b', blob: '%%%' })).toThrow(
      /^embeddedResource: blob is not valid base64/,
    );
    expect(refuse({ uri: 'a://b', text: 1 })).toThrow(
      'embeddedResource: text must be a string, got a number',
    );
    expect(refuse({ uri: 'a://b', text: 'x', mimeType: 3 })).toThrow(
      'embeddedResource: mimeType must be a string, got a number',
    );
    expect(refuse('a://b')).toThrow('embeddedResource expects an object, got a string');
  });
});

describe('resourceLink', () => {
  it('links a resource with the fields given, and only those', () => {
    expect(
      resourceLink({
        uri: 'file:///exports/sales.csv',
        name: 'sales.csv',
        title: 'Sales',
        description: 'Sales of the month',
        mimeType: 'text/csv',
        size: 1200,
      })[CONTENT_RESULT_KEY],
    ).toEqual([
      {
        type: 'resource_link',
        uri: 'file:///exports/sales.csv',
        name: 'sales.csv',
        title: 'Sales',
        description: 'Sales of the month',
        mimeType: 'text/csv',
        size: 1200,
      },
    ]);
    expect(resourceLink({ uri: 'test://a', name: 'a' })[CONTENT_RESULT_KEY]).toEqual([
      { type: 'resource_link', uri: 'test://a', name: 'a' },
    ]);
  });

  it('refuses a missing uri or name, a bad size, a text field of another type', () => {
    const refuse = (input: unknown) => () => resourceLink(input as { uri: string; name: string });
    expect(refuse({ name: 'a' })).toThrow('resourceLink: uri must be a string, got undefined');
    expect(refuse({ uri: 'test://a' })).toThrow('resourceLink: name must be a string');
    expect(refuse({ uri: 'test://a', name: 'a', size: -1 })).toThrow(
      'resourceLink: size must be a whole number of bytes, got -1',
    );
    expect(refuse({ uri: 'test://a', name: 'a', title: {} })).toThrow(
      'resourceLink: title must be a string, got an object',
    );
    expect(refuse(null)).toThrow('resourceLink expects an object, got null');
  });
});

describe('in a module definition', () => {
  it('type-checks as what execute and stream answer', async () => {
    const single = defineModule({ description: 'x', inputSchema: {}, execute: () => text('a') });
    const plain = defineModule({ description: 'x', inputSchema: {}, execute: () => 'a' });
    const mixed = defineModule({
      description: 'x',
      inputSchema: {},
      execute: async () => ['Chart:', image(PNG_BYTES, 'image/png')],
      async *stream() {
        yield text('part 1');
        yield 'part 2';
      },
    });
    const context = {} as never;
    expect(await single.execute?.({}, context)).toEqual(text('a'));
    expect(await plain.execute?.({}, context)).toBe('a');
    expect(await mixed.execute?.({}, context)).toHaveLength(2);
  });
});
