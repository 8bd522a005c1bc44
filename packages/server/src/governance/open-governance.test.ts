import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import type { LimitStore } from '../store/limit-store.js';
import { openGovernance } from './open-governance.js';

const registry = { list: () => [], getDefinition: () => null, on: () => {} };

describe('openGovernance', () => {
  it('close() closes the store it was handed, and never rejects', async () => {
    const logger = createRecordingLogger();
    const store: LimitStore = {
      consume: async () => ({ admitted: true }),
      close: () => Promise.reject(new Error('already closed')),
    };
    const opened = openGovernance({ ledger: undefined, usage: undefined, store, registry, logger });
    await expect(opened.close()).resolves.toBeUndefined();
    expect(logger.messages('warn')).toEqual(['Could not close the limit store']);
  });
});
