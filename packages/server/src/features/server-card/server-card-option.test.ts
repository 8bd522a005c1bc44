import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { resolveServerCard } from './server-card-option.js';

function refusal(value: unknown): InvalidOptionError {
  try {
    resolveServerCard(value);
  } catch (error) {
    if (InvalidOptionError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('the serverCard option', () => {
  it('is off unless given, and on with defaults for true', () => {
    expect(resolveServerCard(undefined)).toBeUndefined();
    expect(resolveServerCard(false)).toBeUndefined();
    expect(resolveServerCard(true)).toEqual({});
  });

  it('keeps the fields a card may carry, a public URL parsed', () => {
    const resolved = resolveServerCard({
      name: 'com.acme/orders',
      description: 'Acme order tools',
      title: 'Orders',
      websiteUrl: 'https://acme.com/docs',
      repository: {
        url: 'https://github.com/acme/orders',
        source: 'github',
        subfolder: 'servers/orders',
      },
      publicUrl: 'https://mcp.acme.com/orders/mcp',
    });
    expect(resolved).toMatchObject({
      name: 'com.acme/orders',
      repository: { subfolder: 'servers/orders' },
    });
    expect(resolved?.publicUrl?.href).toBe('https://mcp.acme.com/orders/mcp');
  });

  it.each([
    [{ name: 'orders' }, 'serverCard.name', 'reverse-DNS'],
    [{ name: 'com.acme/or ders' }, 'serverCard.name', 'reverse-DNS'],
    [{ description: '' }, 'serverCard.description', '1 to 100'],
    [{ description: 'x'.repeat(101) }, 'serverCard.description', '1 to 100'],
    [{ title: 42 }, 'serverCard.title', '1 to 100'],
    [{ websiteUrl: 'ftp://acme.com' }, 'serverCard.websiteUrl', 'http(s) URL'],
    [{ publicUrl: 'https://acme.com/mcp?x=1' }, 'serverCard.publicUrl', 'without a query'],
    [{ publicUrl: 'mcp.acme.com' }, 'serverCard.publicUrl', 'http(s) URL'],
    [{ repository: { url: 'https://github.com/a/b' } }, 'serverCard.repository.source', 'github'],
    [{ repository: { url: 'x', source: 'github' } }, 'serverCard.repository.url', 'http(s) URL'],
    [
      { repository: { url: 'https://github.com/a/b', source: 'github', subfolder: '../up' } },
      'serverCard.repository.subfolder',
      'relative path',
    ],
    [{ icon: 'x.png' }, 'serverCard.icon', 'one of name'],
    ['yes', 'serverCard', 'a boolean or'],
  ])('refuses %j naming %s', (value, option, expected) => {
    const error = refusal(value);
    expect(error.details.option).toBe(option);
    expect(error.message).toContain(expected);
  });
});
