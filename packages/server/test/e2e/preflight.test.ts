import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import {
  type CalledToolResult,
  type ClientEra,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';

const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];
const PREFLIGHT = { meta: { 'apcore/preflight': true } };

describe.each(ERAS)('preflight, %s client over Streamable HTTP', (era) => {
  let server: ServerHandle;
  let client: McpClientHandle;
  let runs = 0;

  beforeAll(async () => {
    const registry = new runtime.Registry();
    registry.register(
      'orders.create',
      core.defineModule({
        description: 'Create an order',
        inputSchema: {
          type: 'object',
          properties: { quantity: { type: 'integer', minimum: 1 } },
          required: ['quantity'],
        },
        execute: () => {
          runs += 1;
          return { created: true };
        },
      }),
    );
    registry.register(
      'orders.refund',
      core.defineModule({
        description: 'Refund an order',
        inputSchema: { type: 'object', properties: {} },
        annotations: { requiresApproval: true },
        execute: () => {
          runs += 1;
          return { refunded: true };
        },
      }),
    );
    const acl = runtime.ACL.fromObject({
      rules: [{ callers: ['*'], targets: ['*'], effect: 'allow' }],
    });
    server = await startServer(new runtime.Executor(registry, { acl }), {
      transport: 'streamable-http',
      port: 0,
      limits: { calls: '2/min' },
    });
    client = await connectClient({ era, transport: 'http', url: server.url ?? '' });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it('checks a call without running it or counting it toward the limits', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await client.callTool('orders-create', { quantity: 2 }, PREFLIGHT);
      expect(answer.isError).toBe(false);
      expect(answer._meta?.['apcore/preflight']).toBe(true);
      expect(report(answer)).toEqual({
        valid: true,
        moduleId: 'orders.create',
        input: { ok: true, errors: [] },
        acl: { ok: true, checked: true },
        approval: { required: false },
        limits: { ok: true },
      });
    }
    expect(runs).toBe(0);
  });

  it('reports bad input and the approval a call would ask, still running nothing', async () => {
    const bad = report(await client.callTool('orders-create', { quantity: 0 }, PREFLIGHT));
    expect(bad).toMatchObject({ valid: false, input: { ok: false } });
    expect((bad.input as { errors: string[] }).errors.join(' ')).toContain('quantity');
    const refund = report(await client.callTool('orders-refund', {}, PREFLIGHT));
    expect(refund).toMatchObject({ valid: true, approval: { required: true } });
    expect(runs).toBe(0);
  });

  it('tells the limit that would refuse the next call', async () => {
    expect((await client.callTool('orders-create', { quantity: 1 })).isError).toBe(false);
    expect((await client.callTool('orders-create', { quantity: 1 })).isError).toBe(false);
    expect(runs).toBe(2);
    const limited = report(await client.callTool('orders-create', { quantity: 1 }, PREFLIGHT));
    expect(limited).toMatchObject({ valid: false, limits: { ok: false, code: 'RATE_LIMITED' } });
    expect(runs).toBe(2);
  });
});

function report(answer: CalledToolResult): Record<string, unknown> {
  return JSON.parse(String(answer.content[0]?.text)) as Record<string, unknown>;
}
