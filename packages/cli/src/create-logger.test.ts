import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { captureIo } from './__fixtures__/capture-io.js';
import { createLogger } from './create-logger.js';

describe('createLogger', () => {
  it('writes one JSON line per entry, named apcore-mcp', () => {
    const io = captureIo();
    createLogger('INFO', io).info({ tools: 3 }, 'serving');
    const entry = JSON.parse(io.err.trim()) as Record<string, unknown>;
    expect(entry).toMatchObject({ name: 'apcore-mcp', level: 30, msg: 'serving', tools: 3 });
  });

  it('writes a line for people with prettyLogs, fields included', () => {
    const io = captureIo();
    const logger = createLogger('DEBUG', io, { prettyLogs: true });
    logger.debug({ tool: 'catalog-get_product' }, 'answered');
    const text = stripVTControlCharacters(io.err);
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] DEBUG: answered\n/);
    expect(text).toContain('tool: "catalog-get_product"');
    expect(text).not.toContain('"level"');
  });

  it('keeps the level for pretty lines too', () => {
    const io = captureIo();
    createLogger('WARNING', io, { prettyLogs: true }).info('hidden');
    expect(io.err).toBe('');
  });
});
