import { describe, expect, it } from 'vitest';
import { checkExportFlags } from './check-export-flags.js';
import type { ExportFormat } from './export-formats.js';

/** A table with a format that takes fewer flags than OpenAI's, as a provider without strict mode. */
const FORMATS: readonly ExportFormat[] = [
  {
    name: 'openai',
    summary: 'OpenAI',
    flags: ['strict', 'embed-annotations', 'drop-unsupported'],
    needs: { 'drop-unsupported': { flag: 'strict', why: 'only strict mode refuses keywords' } },
    load: () => Promise.reject(new Error('not loaded by the checks')),
  },
  {
    name: 'acme',
    summary: 'Acme',
    flags: ['embed-annotations', 'drop-unsupported'],
    load: () => Promise.reject(new Error('not loaded by the checks')),
  },
];

describe('checkExportFlags', () => {
  it('gives the format asked for, or the one the command fixes', () => {
    expect(checkExportFlags({ format: 'acme' }, { formats: FORMATS }).name).toBe('acme');
    expect(checkExportFlags({}, { fixedFormat: 'openai', formats: FORMATS }).name).toBe('openai');
  });

  it('refuses a missing or unknown format, listing the choices and the closest one', () => {
    expect(() => checkExportFlags({}, { formats: FORMATS })).toThrow(
      /^--format is required: one of openai, acme$/,
    );
    expect(() => checkExportFlags({ format: 'opnai' }, { formats: FORMATS })).toThrow(
      /^--format must be one of openai, acme \(got "opnai"; did you mean "openai"\?\)$/,
    );
    expect(() => checkExportFlags({ format: 'OpenAI' }, { formats: FORMATS })).toThrow(
      /did you mean "openai"\?/,
    );
    expect(() => checkExportFlags({ format: 'claude' }, { formats: FORMATS })).toThrow(
      /^--format must be one of openai, acme \(got "claude"\)$/,
    );
  });

  it('refuses a flag the format does not declare, naming those it takes', () => {
    expect(() =>
      checkExportFlags(
        { format: 'acme', strict: true, embedAnnotations: true },
        { formats: FORMATS },
      ),
    ).toThrow(
      /^--format acme does not take --strict \(it takes --embed-annotations, --drop-unsupported\)$/,
    );
    // A flag given as false asks for nothing.
    expect(checkExportFlags({ format: 'acme', strict: false }, { formats: FORMATS }).name).toBe(
      'acme',
    );
  });

  it('refuses a flag without the one it needs, with the reason the format gives', () => {
    expect(() =>
      checkExportFlags({ format: 'openai', dropUnsupported: true }, { formats: FORMATS }),
    ).toThrow(
      /^--drop-unsupported needs --strict with --format openai: only strict mode refuses keywords$/,
    );
    expect(
      checkExportFlags(
        { format: 'openai', dropUnsupported: true, strict: true },
        { formats: FORMATS },
      ).name,
    ).toBe('openai');
    expect(
      checkExportFlags({ format: 'acme', dropUnsupported: true }, { formats: FORMATS }).name,
    ).toBe('acme');
  });
});
