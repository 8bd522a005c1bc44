import { readFile } from 'node:fs/promises';
import * as core from '@apcore-mcp/core';
import type * as runtime from '@apcore-mcp/runtime';
import { type LedgerRecord, parseLedgerLine } from '../../src/governance.js';
import { createMetricsRegistry } from './metrics-fixture.js';

/**
 * A registry with `auth.login` (a sensitive password, nested sensitive keys, cost 2),
 * `math.add` (typed inputs) and `files.remove` (requires approval).
 */
export function createLedgerRegistry(): runtime.Registry {
  const registry = createMetricsRegistry();
  registry.register(
    'auth.login',
    core.defineModule({
      description: 'Logs a user in.',
      metadata: { cost: 2 },
      inputSchema: {
        type: 'object',
        properties: {
          user: { type: 'string' },
          password: { type: 'string', 'x-sensitive': true },
          devices: {
            type: 'array',
            items: {
              type: 'object',
              properties: { token: { type: 'string', 'x-sensitive': true } },
            },
          },
        },
        required: ['user', 'password'],
      },
      execute: (inputs) => ({ welcome: inputs.user }),
    }),
  );
  return registry;
}

/** Every record of a JSON-lines ledger file. */
export async function readLedgerFile(path: string): Promise<LedgerRecord[]> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map(parseLedgerLine);
}
