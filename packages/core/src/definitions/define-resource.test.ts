import { describe, expect, it } from 'vitest';
import { defineResource } from './define-resource.js';
import { isDefinition } from './definition.js';
import { DefinitionResultError } from './definition-result-error.js';
import { onResourceUpdated } from './resource-updates.js';

const empty = (): string => '';
const context = (uri: string) => ({ uri, identity: null, signal: new AbortController().signal });

describe('defineResource', () => {
  it('makes a frozen, branded resource whose read answers with contents', async () => {
    const resource = defineResource({
      uri: 'test://static-text',
      name: 'static-text',
      title: 'Static',
      read: () => 'hello',
    });
    expect(Object.isFrozen(resource)).toBe(true);
    expect(isDefinition(resource, 'resource')).toBe(true);
    expect(isDefinition(resource, 'prompt')).toBe(false);
    expect(resource).toMatchObject({
      kind: 'resource',
      uri: 'test://static-text',
      title: 'Static',
    });
    expect(await resource.read(context(resource.uri))).toEqual([
      { uri: 'test://static-text', mimeType: 'text/plain', text: 'hello' },
    ]);
  });

  it('turns bytes into a base64 blob with the declared MIME type', async () => {
    const resource = defineResource({
      uri: 'test://bytes',
      name: 'bytes',
      mimeType: 'image/png',
      read: () => new Uint8Array([104, 105]),
    });
    expect(await resource.read(context(resource.uri))).toEqual([
      { uri: 'test://bytes', mimeType: 'image/png', blob: 'aGk=' },
    ]);
  });

  it('takes several text and blob items, completing their uri and MIME type', async () => {
    const resource = defineResource({
      uri: 'test://many',
      name: 'many',
      read: async () => [
        { text: 'a' },
        { blob: 'aGk=', mimeType: 'image/gif' },
        { blob: Buffer.from('x') },
      ],
    });
    expect(await resource.read(context(resource.uri))).toEqual([
      { uri: 'test://many', mimeType: 'text/plain', text: 'a' },
      { uri: 'test://many', mimeType: 'image/gif', blob: 'aGk=' },
      { uri: 'test://many', mimeType: 'application/octet-stream', blob: 'eA==' },
    ]);
  });

  it.each([
    [[], 'no contents'],
    [[{ blob: 'not base64!' }], 'contents item 1: blob is not valid base64'],
    [[{ text: 'a', blob: 'aGk=' }], 'give exactly one of text and blob'],
    [42, 'expected a string, bytes or { text | blob }, got a number'],
  ])('refuses an unsendable read result (%j) with a clear error', async (value, reason) => {
    const resource = defineResource({ uri: 'test://bad', name: 'bad', read: () => value as never });
    const failure = resource.read(context(resource.uri));
    await expect(failure).rejects.toThrow(reason);
    await expect(failure).rejects.toSatisfy((error) => DefinitionResultError.isInstance(error));
  });

  it('publishes updated() with its URI', () => {
    const resource = defineResource({ uri: 'test://watched', name: 'watched', read: () => 'x' });
    const seen: string[] = [];
    const stop = onResourceUpdated((uri) => seen.push(uri));
    resource.updated();
    stop();
    resource.updated();
    expect(seen).toEqual(['test://watched']);
  });

  it.each([
    [undefined, 'defineResource: expects a definition object, got undefined'],
    [{ name: 'a', read: empty }, 'defineResource: uri must be a non-empty string, got undefined'],
    [{ uri: 'no-scheme', name: 'a', read: empty }, 'uri must be an absolute URI with a scheme'],
    [{ uri: 'test://{id}', name: 'a', read: empty }, 'declare it with defineResourceTemplate'],
    [
      { uri: 'test://a', name: '', read: empty },
      'name must be a non-empty string, got an empty string',
    ],
    [{ uri: 'test://a', name: 'a', read: 'x' }, 'read must be a function, got a string'],
    [
      { uri: 'test://a', name: 'a', mimeType: 3, read: empty },
      'mimeType must be a non-empty string',
    ],
  ])('refuses bad input with an error naming the field (%#)', (input, message) => {
    expect(() => defineResource(input as never)).toThrow(message);
  });
});
