import { defineEventType, definePrompt, defineResource } from '@apcore-mcp/core';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { firstOfEachDefinition } from './fixed-definitions.js';

const read = (): string => 'x';

describe('firstOfEachDefinition', () => {
  it('keeps the first file of each URI or name, and warns about a later one', () => {
    const notes = defineResource({ uri: 'notes://today', name: 'notes', read });
    const again = defineResource({ uri: 'notes://today', name: 'again', read });
    const greet = definePrompt({ name: 'notes', get: read });
    const logger = createRecordingLogger();
    const kept = firstOfEachDefinition(
      [
        { path: '/ext/a.mjs', definition: notes },
        { path: '/ext/b.mjs', definition: again },
        { path: '/ext/c.mjs', definition: greet },
      ],
      logger,
    );
    expect(kept).toEqual([notes, greet]);
    expect(logger.warnings()).toEqual([
      'Skipped /ext/b.mjs: resource notes://today is already defined by /ext/a.mjs',
    ]);
  });

  it('tells an event type from a prompt of the same name, and keeps the first of two', () => {
    const prompt = definePrompt({ name: 'stock.low', get: read });
    const stockLow = defineEventType({ name: 'stock.low' });
    const again = defineEventType({ name: 'stock.low', description: 'again' });
    const logger = createRecordingLogger();
    const kept = firstOfEachDefinition(
      [
        { path: '/ext/p.mjs', definition: prompt },
        { path: '/ext/a.mjs', definition: stockLow },
        { path: '/ext/b.mjs', definition: again },
      ],
      logger,
    );
    expect(kept).toEqual([prompt, stockLow]);
    expect(logger.warnings()).toEqual([
      'Skipped /ext/b.mjs: event type stock.low is already defined by /ext/a.mjs',
    ]);
  });
});
