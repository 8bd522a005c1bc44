import type { Identity } from '@apcore-mcp/core';
import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import {
  type CalledToolResult,
  type ClientEra,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCall } from '../../src/governance.js';
import { type ServeOptions, type ServerHandle, startServer } from '../../src/index.js';
import { SUBJECT_HEADER } from '../helpers/subject-clients.js';

const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];
const PREFLIGHT = { meta: { 'apcore/preflight': true } };
const SUBJECTS: Record<string, Identity> = {
  ann: { id: 'ann', roles: ['staff'] },
  bob: { id: 'bob', roles: ['guest'] },
};

let runs = 0;

/** Orders for staff only; a cheap order, a costly export over the cap, a refund to approve. */
function createExecutor(): runtime.Executor {
  const registry = new runtime.Registry();
  const count = () => {
    runs += 1;
    return { done: true };
  };
  registry.register(
    'orders.create',
    core.defineModule({
      description: 'Create an order',
      inputSchema: {
        type: 'object',
        properties: { quantity: { type: 'integer', minimum: 1 } },
        required: ['quantity'],
      },
      metadata: { cost: 1 },
      execute: count,
    }),
  );
  registry.register(
    'orders.export',
    core.defineModule({
      description: 'Export every order',
      inputSchema: { type: 'object', properties: {} },
      metadata: { cost: 7.5 },
      execute: count,
    }),
  );
  registry.register(
    'orders.refund',
    core.defineModule({
      description: 'Refund an order',
      inputSchema: { type: 'object', properties: {} },
      annotations: { requiresApproval: true },
      execute: count,
    }),
  );
  const acl = runtime.ACL.fromObject({
    rules: [
      { callers: ['*'], targets: ['orders.*'], effect: 'allow', conditions: { roles: ['staff'] } },
    ],
  });
  return new runtime.Executor(registry, { acl });
}

const LIMITS: ServeOptions['limits'] = { budget: '100/day', maxCostPerCall: 5 };
const logger = createRecordingLogger();

/** The calls both ways check, each with its caller. */
const CASES: {
  title: string;
  subject: string;
  tool: string;
  arguments: Record<string, unknown>;
}[] = [
  { title: 'a valid call', subject: 'ann', tool: 'orders-create', arguments: { quantity: 2 } },
  { title: 'bad input', subject: 'ann', tool: 'orders-create', arguments: { quantity: 0 } },
  { title: 'a call to approve', subject: 'ann', tool: 'orders-refund', arguments: {} },
  {
    title: 'a caller the ACL refuses',
    subject: 'bob',
    tool: 'orders-create',
    arguments: { quantity: 1 },
  },
  { title: 'a cost over the cap', subject: 'ann', tool: 'orders-export', arguments: {} },
];

describe.each(ERAS)('checkCall answers what tools/call with the flag answers (%s)', (era) => {
  let server: ServerHandle;
  const clients = new Map<string, McpClientHandle>();

  beforeAll(async () => {
    server = await startServer(createExecutor(), {
      transport: 'streamable-http',
      port: 0,
      limits: LIMITS,
      logger,
      authenticate: (request) => SUBJECTS[String(request.headers[SUBJECT_HEADER])] ?? null,
    });
    for (const subject of Object.keys(SUBJECTS)) {
      const headers = { [SUBJECT_HEADER]: subject };
      clients.set(
        subject,
        await connectClient({ era, transport: 'http', url: server.url ?? '', headers }),
      );
    }
  });
  afterAll(async () => {
    for (const client of clients.values()) await client.close();
    await server.close();
  });

  it.each(CASES)('$title', async ({ subject, tool, arguments: args }) => {
    const client = clients.get(subject);
    const answer = await client?.callTool(tool, args, PREFLIGHT);
    const checked = await checkCall(
      createExecutor(),
      { limits: LIMITS, logger },
      { tool, arguments: args, identity: SUBJECTS[subject] },
    );
    expect(checked).toEqual(reportOf(answer));
    expect(runs).toBe(0);
  });

  it('pins what the reports say', async () => {
    const check = (subject: string, tool: string, args: Record<string, unknown>) =>
      checkCall(
        createExecutor(),
        { limits: LIMITS, logger },
        { tool, arguments: args, identity: SUBJECTS[subject] },
      );
    expect(await check('ann', 'orders-create', { quantity: 2 })).toEqual({
      valid: true,
      moduleId: 'orders.create',
      input: { ok: true, errors: [] },
      acl: { ok: true, checked: true },
      approval: { required: false },
      limits: { ok: true },
    });
    expect(await check('bob', 'orders-create', { quantity: 2 })).toMatchObject({
      valid: false,
      acl: { ok: false, checked: true },
    });
    expect(await check('ann', 'orders-export', {})).toMatchObject({
      valid: false,
      limits: { ok: false, code: 'BUDGET_EXCEEDED' },
    });
  });
});

describe('checkCall refusals', () => {
  it('rejects a name no tool is served under as MODULE_NOT_FOUND, as a call is refused', async () => {
    const refusal = await checkCall(createExecutor(), { logger }, { tool: 'orders-creat' }).catch(
      (error: unknown) => error,
    );
    expect(core.ModuleError.isInstance(refusal)).toBe(true);
    expect(refusal).toMatchObject({ code: 'MODULE_NOT_FOUND' });
    expect(runs).toBe(0);
  });
});

function reportOf(answer: CalledToolResult | undefined): unknown {
  expect(answer?._meta?.['apcore/preflight']).toBe(true);
  return JSON.parse(String(answer?.content[0]?.text));
}
