import { describe, expect, it } from 'vitest';
import { hidePassword, parseSettingValue } from './parse-setting-value.js';
import { settingSpec } from './setting-specs.js';

function parse(key: string, raw: unknown) {
  return parseSettingValue(settingSpec(key), raw);
}

describe('parseSettingValue', () => {
  it.each([
    ['1', 1],
    ['65535', 65535],
    [' 8000 ', 8000],
  ])('reads port %j as %d', (raw, port) => {
    expect(parse('port', raw)).toEqual({ value: port });
  });

  it.each(['0', '65536', '70000', 'abc', '80.5', '-1', ''])('refuses port %j', (raw) => {
    expect(parse('port', raw)).toEqual({
      problem: `must be an integer between 1 and 65535 (got ${JSON.stringify(raw.trim())})`,
    });
  });

  it.each([
    ['2.5', 2.5],
    ['0', 0],
    ['10', 10],
    ['.5', 0.5],
    ['3.', 3],
    [' 0.25 ', 0.25],
    [1e-7, 1e-7],
    [4, 4],
  ])('reads the cost cap %j as %d', (raw, value) => {
    expect(parse('max-cost-per-call', raw)).toEqual({ value });
  });

  it.each(['-1', '-0.5', 'abc', '', '0x10', 'Infinity', '1e999', '2,5', '1/2', 'NaN'])(
    'refuses the cost cap %j, naming the values it takes',
    (raw) => {
      expect(parse('max-cost-per-call', raw)).toEqual({
        problem: `must be a number of at least 0, e.g. 2.5 (got ${JSON.stringify(raw)})`,
      });
    },
  );

  it('reads choices in any case and gives back the canonical spelling', () => {
    expect(parse('transport', 'Streamable-HTTP')).toEqual({ value: 'streamable-http' });
    expect(parse('log-level', 'warning')).toEqual({ value: 'WARNING' });
  });

  it('lists the allowed values of a choice it refuses', () => {
    expect(parse('transport', 'http')).toEqual({
      problem: 'must be one of stdio, streamable-http, sse (got "http")',
    });
    expect(parse('log-level', 'verbose')).toEqual({
      problem: 'must be one of DEBUG, INFO, WARNING, ERROR (got "verbose")',
    });
  });

  it.each([
    ['true', true],
    ['YES', true],
    ['on', true],
    ['1', true],
    ['false', false],
    ['No', false],
    ['0', false],
    [true, true],
    [false, false],
  ])('reads boolean %j as %j', (raw, value) => {
    expect(parse('watch', raw)).toEqual({ value });
  });

  it('refuses a boolean it cannot read', () => {
    expect(parse('watch', 'sometimes')).toEqual({
      problem: 'must be true or false (got "sometimes")',
    });
  });

  it('refuses an empty name and one longer than 255 characters', () => {
    expect(parse('name', '')).toEqual({ problem: 'must not be empty' });
    expect(parse('name', 'x'.repeat(255))).toEqual({ value: 'x'.repeat(255) });
    expect(parse('name', 'x'.repeat(256))).toEqual({
      problem: 'must be at most 255 characters (got 256)',
    });
  });

  it('reads lists from a comma-separated string or a list, dropping blanks', () => {
    expect(parse('tags', 'a, b,,c')).toEqual({ value: ['a', 'b', 'c'] });
    expect(parse('tags', ['a', ' b '])).toEqual({ value: ['a', 'b'] });
    expect(parse('tags', '')).toEqual({ value: [] });
  });

  it('refuses lists holding something other than text', () => {
    expect(parse('tags', ['a', { b: 'c' }])).toEqual({
      problem: 'must hold only text entries (got a mapping)',
    });
    expect(parse('tags', { a: 'b' })).toEqual({
      problem: 'must be a list or a comma-separated string (got a mapping)',
    });
  });

  it('refuses a list or a mapping where one value is expected', () => {
    expect(parse('host', ['a', 'b'])).toEqual({ problem: 'must be a single value (got a list)' });
    expect(parse('port', { a: '1' })).toEqual({
      problem: 'must be a single value (got a mapping)',
    });
  });

  it('keeps text as written and refuses empty text', () => {
    expect(parse('server-version', '1.0')).toEqual({ value: '1.0' });
    expect(parse('prefix', '   ')).toEqual({ problem: 'must not be empty' });
  });

  it.each([
    ['rate-limit', '60/min,1000/day'],
    ['rate-limit', '20/hour'],
    ['rate-limit-destructive', '5/min'],
    ['budget', '100/day'],
    ['budget', '2.5/day'],
    ['store', 'redis://127.0.0.1:6379'],
    ['store', 'rediss://user:secret@cache:6380/2'],
  ] as const)('reads %s %j as written', (key, raw) => {
    expect(parse(key, raw)).toEqual({ value: raw });
  });

  it.each([
    ['rate-limit', '60', 'must be AMOUNT/UNIT'],
    ['rate-limit', '60/week', 'must be AMOUNT/UNIT'],
    ['rate-limit', '60/min,5/min', 'must be AMOUNT/UNIT'],
    ['rate-limit', '0/min', 'must count whole calls of at least 1'],
    ['rate-limit-destructive', '1.5/min', 'must count whole calls of at least 1'],
    ['budget', 'lots/day', 'must be AMOUNT/UNIT'],
    ['store', 'http://cache:6379', 'must be a redis:// or rediss:// URL'],
    ['store', 'redis://', 'must be a redis:// or rediss:// URL'],
  ] as const)('refuses %s %j', (key, raw, problem) => {
    const parsed = parse(key, raw);
    expect(parsed).toEqual({ problem: expect.stringContaining(problem) });
    expect(parsed).toEqual({ problem: expect.stringContaining(`(got ${JSON.stringify(raw)})`) });
  });

  it('hides the password of a URL it shows', () => {
    expect(hidePassword('redis://user:secret@cache:6379')).toBe('redis://user:***@cache:6379');
    expect(hidePassword('redis://:secret@cache:6379/0')).toBe('redis://:***@cache:6379/0');
    expect(hidePassword('redis://cache:6379')).toBe('redis://cache:6379');
  });
});
