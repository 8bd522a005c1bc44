import { readFile } from 'node:fs/promises';
import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { type LedgerRecord, parseLedgerLine } from '../../src/index.js';

/**
 * A registry with `auth.login` (a sensitive password, nested sensitive keys, cost 2),
 * `math.add` (typed inputs) and `files.remove` (requires approval).
 */
export function createLedgerRegistry(): runtime.Registry {
  const registry = new runtime.Registry();
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
  registry.register(
    'math.add',
    core.defineModule({
      description: 'Adds two numbers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      execute: (inputs) => ({ sum: Number(inputs.a) + Number(inputs.b) }),
    }),
  );
  registry.register(
    'files.remove',
    core.defineModule({
      description: 'Removes a file.',
      annotations: { destructive: true, requiresApproval: true },
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      execute: (inputs) => ({ removed: inputs.path ?? null }),
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
