import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { openTestFeatureRuntime } from '../__fixtures__/feature-runtime.js';
import { defineServerFeature } from '../feature-api/server-feature.js';
import { resolveOptions } from '../options/resolve-options.js';
import type { LimitStore } from '../store/limit-store.js';
import { createMcpServer } from './create-mcp-server.js';
import { openFeatures } from './opened-features.js';

const DEFAULTS = { transport: 'stdio', handleSignals: false, allowAnyPort: true } as const;

describe('openFeatures', () => {
  it('opens the features in order; one failing closes those before it and opens none after', async () => {
    const events: string[] = [];
    const feature = (name: string, fails = false) => ({
      feature: defineServerFeature({
        name,
        options: {},
        open: () => {
          events.push(`open ${name}`);
          if (fails) throw new Error(`${name} cannot open`);
          return { close: async () => void events.push(`close ${name}`) };
        },
      }),
      options: {},
    });
    const logger = createRecordingLogger();
    const resolved = resolveOptions({ logger }, DEFAULTS);
    const runtime = await openTestFeatureRuntime();
    const opening = openFeatures(resolved, logger, runtime, [
      feature('first'),
      feature('second', true),
      feature('third'),
    ]);
    await expect(opening).rejects.toThrow('second cannot open');
    expect(events).toEqual(['open first', 'open second', 'close first']);
  });
});

describe('a ledger file that cannot be opened', () => {
  it('stops the start with its error, and the store the options gave is closed', async () => {
    let storeClosed = false;
    const store: LimitStore = {
      consume: async () => ({ admitted: true }),
      close: async () => {
        storeClosed = true;
      },
    };
    // A directory where the ledger file should be: its directory exists, the file cannot open.
    const ledger = mkdtempSync(join(tmpdir(), 'ledger-dir-'));
    const logger = createRecordingLogger();
    const starting = createMcpServer(new Registry(), { ledger, store, logger });
    await expect(starting).rejects.toThrow(/ledger/i);
    expect(storeClosed).toBe(true);
  });
});
