import { describe, expect, it } from 'vitest';
import { defineResourceTemplate } from './define-resource-template.js';
import { isDefinition } from './definition.js';
import { onResourceUpdated } from './resource-updates.js';

const empty = (): string => '';
const context = (uri: string) => ({ uri, identity: null, signal: new AbortController().signal });

describe('defineResourceTemplate', () => {
  it('reads a matched URI with its params, the URI defaulting each item', async () => {
    const template = defineResourceTemplate({
      uriTemplate: 'test://template/{id}/data',
      name: 'template',
      mimeType: 'application/json',
      read: ({ id }) => JSON.stringify({ id }),
      complete: { id: ['1', '2'] },
    });
    expect(isDefinition(template, 'resourceTemplate')).toBe(true);
    expect(template.variableNames).toEqual(['id']);
    expect(template.complete.id).toEqual(['1', '2']);
    expect(await template.read({ id: '7' }, context('test://template/7/data'))).toEqual([
      { uri: 'test://template/7/data', mimeType: 'application/json', text: '{"id":"7"}' },
    ]);
  });

  it('reads the names of every kind of expression', () => {
    const template = defineResourceTemplate({
      uriTemplate: 'test://{+path}/{name:3}{?q,lang}{&list*}',
      name: 'all',
      read: empty,
    });
    expect(template.variableNames).toEqual(['path', 'name', 'q', 'lang', 'list']);
  });

  it('publishes updated(uri) with that URI', () => {
    const template = defineResourceTemplate({
      uriTemplate: 'test://{id}',
      name: 't',
      read: empty,
    });
    const seen: string[] = [];
    const stop = onResourceUpdated((uri) => seen.push(uri));
    template.updated('test://9');
    stop();
    expect(seen).toEqual(['test://9']);
    expect(() => template.updated('' as string)).toThrow('updated(uri) must be a non-empty string');
  });

  it.each([
    [{ name: 't', read: empty }, 'defineResourceTemplate: uriTemplate must be a non-empty string'],
    [
      { uriTemplate: 'test://plain', name: 't', read: empty },
      'has no {variable}: declare it with defineResource',
    ],
    [{ uriTemplate: 'test://{id', name: 't', read: empty }, 'has an unbalanced { or }'],
    [
      { uriTemplate: 'test://{a b}', name: 't', read: empty },
      'has a malformed variable name in {a b}',
    ],
    [{ uriTemplate: 'test://{id}', read: empty }, 'name must be a non-empty string'],
    [{ uriTemplate: 'test://{id}', name: 't' }, 'read must be a function, got undefined'],
    [
      { uriTemplate: 'test://{id}', name: 't', read: empty, complete: [] },
      'complete must be an object, got an array',
    ],
    [
      { uriTemplate: 'test://{id}', name: 't', read: empty, complete: { other: ['x'] } },
      'complete.other: the template has no variable other (it has id)',
    ],
    [
      { uriTemplate: 'test://{id}', name: 't', read: empty, complete: { id: [1] } },
      'complete.id must be an array of strings or a function',
    ],
  ])('refuses bad input with an error naming the field (%#)', (input, message) => {
    expect(() => defineResourceTemplate(input as never)).toThrow(message);
  });
});
