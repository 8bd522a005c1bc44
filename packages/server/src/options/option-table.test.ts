import { describe, expect, it } from 'vitest';
import { invalidOption } from '../__fixtures__/invalid-option.js';
import {
  type AnyOptionDeclaration,
  defaultOf,
  SERVE_DEFAULTS,
} from '../kernel/option-declaration.js';
import { OPTION_NAMES, OPTION_TABLE, SERVE_OPTIONS } from './option-table.js';
import { resolveOptions } from './resolve-options.js';
import type { ServeOptions } from './serve-options.js';

const HTTP = { ...SERVE_DEFAULTS, transport: 'streamable-http' } as const;
const declarations = Object.entries(SERVE_OPTIONS) as [string, AnyOptionDeclaration][];
const grouped = new Set(['grouping', 'maxTools', 'toonDescriptions', 'groupAnnotations']);

describe('the option table', () => {
  it('declares every option once, in one concern', () => {
    const byConcern = Object.values(OPTION_TABLE).flatMap((options) => Object.keys(options));
    expect(byConcern).toHaveLength(new Set(byConcern).size);
    expect(byConcern.sort()).toEqual([...OPTION_NAMES].sort());
  });

  it('gives each CLI setting a key of its own, kebab-case, with a help line', () => {
    const settings = declarations.flatMap(([, declaration]) => declaration.cli ?? []);
    const keys = settings.map((setting) => setting.key);
    expect(keys).toHaveLength(new Set(keys).size);
    for (const setting of settings) {
      expect(setting.key).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(setting.help.length).toBeGreaterThan(10);
    }
  });

  it('is where the defaults come from', () => {
    const resolved = resolveOptions({}, HTTP) as unknown as Record<string, unknown>;
    for (const [option, declaration] of declarations) {
      const value = grouped.has(option)
        ? (resolved.grouping as Record<string, unknown>)[option]
        : resolved[option];
      expect(value, option).toEqual(defaultOf(declaration, HTTP));
    }
    expect(defaultOf(SERVE_OPTIONS.transport, SERVE_DEFAULTS)).toBe('stdio');
    expect(
      defaultOf(SERVE_OPTIONS.handleSignals, { ...SERVE_DEFAULTS, handleSignals: false }),
    ).toBe(false);
  });

  it.each(OPTION_NAMES)('refuses a value of the wrong type for %s, naming it', (option) => {
    const options = { [option]: Symbol('wrong') } as ServeOptions;
    let thrown: unknown;
    try {
      resolveOptions(options, HTTP);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toEqual(invalidOption(expect.stringMatching(new RegExp(`^${option}\\b`))));
  });

  it('checks the limits it declares', () => {
    expect(() => resolveOptions({ maxSessions: 0 }, HTTP)).toThrow(
      invalidOption('maxSessions', 'maxSessions must be at least 1, got 0'),
    );
    expect(() => resolveOptions({ name: 'n'.repeat(256) }, HTTP)).toThrow(
      invalidOption('name', 'name must not exceed 255 characters'),
    );
    expect(() => resolveOptions({ toolNames: 'dotted' as 'safe' }, HTTP)).toThrow(
      invalidOption('toolNames', "Unknown toolNames: 'dotted'. Must be one of: safe, module-id"),
    );
    expect(SERVE_OPTIONS.port.limits).toEqual({ minimum: 1, maximum: 65535 });
    expect(SERVE_OPTIONS.maxSessions.limits).toEqual({ minimum: 1 });
    expect(SERVE_OPTIONS.transport.limits).toEqual({
      choices: ['stdio', 'streamable-http', 'sse'],
    });
  });
});
