import { defineResource } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { type DefinitionListRule, resolveDefinitionList } from './definition-list.js';
import { InvalidOptionError } from './invalid-option-error.js';

const rule: DefinitionListRule<'resource'> = {
  option: 'resources',
  kind: 'resource',
  maker: 'defineResource',
  key: { name: 'uri', of: (resource) => resource.uri },
};

const resource = (uri: string) => defineResource({ uri, name: 'r', read: () => '' });

describe('resolveDefinitionList', () => {
  it('takes an array of definitions, copied', () => {
    const given = [resource('test://a')];
    const source = resolveDefinitionList(rule, given);
    given.push(resource('test://b'));
    expect(source.current().map(({ uri }) => uri)).toEqual(['test://a']);
    expect(source.live).toBe(false);
    expect(resolveDefinitionList(rule, undefined).current()).toEqual([]);
  });

  it('reads a function (a live source) on every call, keeping definitions of its kind, the first of each key', () => {
    let current: unknown[] = [resource('test://a')];
    const source = resolveDefinitionList(rule, () => current);
    expect(source.current()).toHaveLength(1);
    expect(source.live).toBe(true);
    current = [
      resource('test://a'),
      { uri: 'test://fake' },
      resource('test://a'),
      resource('test://b'),
    ];
    expect(source.current().map(({ uri }) => uri)).toEqual(['test://a', 'test://b']);
  });

  it.each([
    [
      'not an array',
      "resources must be an array of definitions made by defineResource, or a function returning one, got 'not an array'",
    ],
    [
      [{ uri: 'test://a', name: 'a', read: () => '' }],
      'resources[0] must be made by defineResource, got object',
    ],
    [
      [resource('test://a'), resource('test://a')],
      'resources[1]: a second entry with the uri test://a',
    ],
  ])('refuses %j with an InvalidOptionError naming the entry', (value, message) => {
    const failure = (() => {
      try {
        resolveDefinitionList(rule, value);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(InvalidOptionError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toBe(message);
  });
});
