import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { openTestFeatureRuntime } from '../__fixtures__/feature-runtime.js';
import type { CallMiddleware } from '../calls/pipeline/call-middleware.js';
import type { CheckedCall } from '../calls/pipeline/tool-call.js';
import type { OpenedFeature } from '../feature-api/server-feature.js';
import { defineServerFeature } from '../feature-api/server-feature.js';
import { resolveOptions } from '../options/resolve-options.js';
import type { LimitStore } from '../store/limit-store.js';
import { createMcpServer } from './create-mcp-server.js';
import { OpenedFeatures, openFeatures } from './opened-features.js';

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

/** A step that writes its name on the way in and out. */
function tracedStep(name: string, trail: string[]): CallMiddleware {
  return async (_call, next) => {
    trail.push(`${name}>`);
    const answer = await next();
    trail.push(`<${name}`);
    return answer;
  };
}

const ANSWER = { content: [{ type: 'text' as const, text: 'done' }] };

/** The slots given a step. */
function slotsFilled(steps: object): string[] {
  return Object.entries(steps)
    .filter(([, step]) => step !== undefined)
    .map(([slot]) => slot)
    .sort();
}

function featuresOf(...entries: [string, OpenedFeature][]): OpenedFeatures {
  return new OpenedFeatures(new Map(entries));
}

describe('OpenedFeatures', () => {
  it('runs two features’ steps of one slot in the list’s order, around the rest', async () => {
    const trail: string[] = [];
    const features = featuresOf(
      ['first', { callSteps: { admit: tracedStep('first', trail) } }],
      [
        'second',
        { callSteps: { admit: tracedStep('second', trail), record: tracedStep('r', trail) } },
      ],
    );
    const steps = features.callSteps();
    expect(slotsFilled(steps)).toEqual(['admit', 'record']);
    const answer = await steps.admit?.({} as CheckedCall, async () => {
      trail.push('pipeline');
      return ANSWER;
    });
    expect(answer).toBe(ANSWER);
    expect(trail).toEqual(['first>', 'second>', 'pipeline', '<second', '<first']);
  });

  it('gives no step for a slot no feature fills, and no guard without one', () => {
    const features = featuresOf(['quiet', {}]);
    expect(slotsFilled(features.callSteps())).toEqual([]);
    expect(features.requestSteps()).toEqual({});
    expect(features.surfaceParts).toEqual([]);
  });

  it('closes and drains every feature though one of them fails, saying which could not', async () => {
    const closed: string[] = [];
    const logger = createRecordingLogger();
    const features = featuresOf(
      ['broken', { close: () => Promise.reject(new Error('disk gone')), drain: async () => {} }],
      [
        'fine',
        {
          close: async () => void closed.push('fine'),
          drain: async () => void closed.push('drained'),
        },
      ],
    );
    await features.drain(logger);
    await features.close(logger);
    expect(closed).toEqual(['drained', 'fine']);
    expect(logger.entries.filter((entry) => entry.level === 'warn').map((e) => e.message)).toEqual([
      'A feature could not close',
    ]);
  });

  it('gathers what the features do not serve, and stops each one', () => {
    const stopped: string[] = [];
    const features = featuresOf(
      [
        'a',
        {
          notServed: () => [{ kind: 'module', name: 'x', reason: 'bad schema' }],
          stop: () => void stopped.push('a'),
        },
      ],
      ['b', { stop: () => void stopped.push('b') }],
    );
    expect(features.notServed()).toEqual([{ kind: 'module', name: 'x', reason: 'bad schema' }]);
    features.stop();
    expect(stopped).toEqual(['a', 'b']);
  });
});
