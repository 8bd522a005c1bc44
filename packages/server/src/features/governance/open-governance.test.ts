import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { createMemoryLimitStore } from '../../store/memory-limit-store.js';
import { openGovernance } from './open-governance.js';

const registry = { list: () => [], getDefinition: () => null, on: () => {} };

describe('openGovernance', () => {
  it('is off, adding no step, when neither limits nor a ledger is set', () => {
    const store = createMemoryLimitStore();
    const opened = openGovernance({
      ledger: undefined,
      limits: undefined,
      store,
      registry,
      logger: createRecordingLogger(),
    });
    expect(opened).toBeUndefined();
  });

  it('close() closes the ledger, and never rejects', async () => {
    const logger = createRecordingLogger();
    const ledger = {
      append: () => {},
      close: () => Promise.reject(new Error('already closed')),
    };
    const store = createMemoryLimitStore();
    const opened = openGovernance({ ledger, limits: undefined, store, registry, logger });
    expect(opened?.callSteps?.record).toBeTypeOf('function');
    expect(opened?.callSteps?.admit).toBeUndefined();
    await expect(opened?.close?.()).resolves.toBeUndefined();
    expect(logger.messages('warn')).toEqual(['Could not close the ledger']);
  });
});
