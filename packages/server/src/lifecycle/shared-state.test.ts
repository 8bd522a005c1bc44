import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import type { LimitStore } from '../store/limit-store.js';
import { closeStore, openSharedState } from './shared-state.js';

describe('closeStore', () => {
  it('closes the store the options gave, and never rejects', async () => {
    const logger = createRecordingLogger();
    const store: LimitStore = {
      consume: async () => ({ admitted: true }),
      close: () => Promise.reject(new Error('already closed')),
    };
    const shared = openSharedState({ stateKey: undefined, store }, logger);
    await expect(closeStore(shared, logger)).resolves.toBeUndefined();
    expect(logger.messages('warn')).toEqual(['Could not close the limit store']);
  });
});
