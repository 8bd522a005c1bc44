import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  findFreePort,
  firstText,
  redisSkipReason,
  startRedisServer,
  type TestRedisServer,
} from '@apcore-mcp/test-support';
import { connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXAMPLE_EXTENSIONS,
  expectOneErrorLine,
  httpServeArgs,
  runCli,
  SERVING_LINE,
  startCli,
} from '../helpers/cli-process.js';
import { type CostlyExtensions, createCostlyExtensions } from '../helpers/costly-extension.js';

/** Orders only for staff; the catalog for anyone. */
const ACL_YAML = [
  'default_effect: deny',
  'rules:',
  '  - callers: ["*"]',
  '    targets: ["orders.*"]',
  '    effect: allow',
  '    conditions:',
  '      roles: [staff]',
  '  - callers: ["*"]',
  '    targets: ["catalog.*"]',
  '    effect: allow',
  '',
].join('\n');

const CHARGE = ['tools', 'check', 'payments-charge_card', '--extensions-dir', EXAMPLE_EXTENSIONS];
const GOOD_CHARGE = '{"amountCents": 1250, "cardToken": "tok_visa"}';

let dir: string;
let costly: CostlyExtensions;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'apcore-mcp-tools-check-'));
  await writeFile(join(dir, 'acl.yaml'), ACL_YAML);
  await writeFile(join(dir, 'args.json'), '{\n  "amountCents": 1250,\n  "cardToken": }\n');
  costly = await createCostlyExtensions(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('apcore-mcp tools check', () => {
  it('passes a valid call: each check ok, exit 0', async () => {
    const result = await runCli([...CHARGE, '--args', GOOD_CHARGE]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        'payments-charge_card (payments.charge_card): the call would run',
        'CHECK     RESULT',
        'input     ok',
        'acl       ok (no ACL)',
        'approval  not asked',
        'limits    ok',
        '',
      ].join('\n'),
    );
  });

  it('fails a call with bad input, naming each field, exit 3; --json prints the report', async () => {
    const result = await runCli([...CHARGE, '--args', '{"amountCents": 0}']);
    expect(result.code).toBe(3);
    expect(result.stdout).toContain('the call would be refused');
    expect(result.stdout).toContain('refused: cardToken: is required');
    expect(result.stdout).toContain('refused: amountCents: must be >= 1');
    const json = await runCli([...CHARGE, '--args', '{"amountCents": 0}', '--json']);
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toEqual({
      valid: false,
      moduleId: 'payments.charge_card',
      input: { ok: false, errors: ['cardToken: is required', 'amountCents: must be >= 1'] },
      acl: { ok: true, checked: false },
      approval: { required: false },
      limits: { ok: true },
    });
  });

  it('asks the ACL of --acl as the caller --subject and --roles name', async () => {
    const cancel = [
      'tools',
      'check',
      'orders-cancel_order',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
    ];
    const args = ['--args', '{"orderId": "ORD-1001"}', '--acl', join(dir, 'acl.yaml')];
    const anonymous = await runCli([...cancel, ...args]);
    expect(anonymous.code).toBe(3);
    expect(anonymous.stdout).toContain(
      'acl       refused: the ACL does not let this caller call the module',
    );
    const guest = await runCli([...cancel, ...args, '--subject', 'bob', '--roles', 'guest']);
    expect(guest.code).toBe(3);
    const staff = await runCli([...cancel, ...args, '--subject', 'ann', '--roles', 'guest,staff']);
    expect(staff.stdout).toContain('acl       ok\n');
    expect(staff.code).toBe(0);
  });

  it('reports the limit that would refuse the call, and runs nothing', async () => {
    const check = ['tools', 'check', 'export', '--extensions-dir', costly.dir];
    const capped = await runCli([...check, '--max-cost-per-call', '5', '--json']);
    expect(capped.code).toBe(3);
    expect(JSON.parse(capped.stdout)).toMatchObject({
      valid: false,
      limits: { ok: false, code: 'BUDGET_EXCEEDED' },
    });
    const budget = await runCli([...check, '--budget', '5/day']);
    expect(budget.code).toBe(3);
    expect(budget.stdout).toMatch(
      /limits +refused: BUDGET_EXCEEDED: This call costs 7\.5, more than the whole budget of 5 per day/,
    );
    expect(await runCli([...check, '--max-cost-per-call', '7.5'])).toMatchObject({ code: 0 });
    expect(await costly.runs()).toBe(0);
  });

  it("checks a grouped call against its action's schema; an unknown action is refused, exit 3", async () => {
    const orders = ['tools', 'check', 'orders', '--extensions-dir', EXAMPLE_EXTENSIONS];
    const grouped = [...orders, '--grouping', 'namespace'];
    const missing = await runCli([...grouped, '--args', '{"action": "cancel_order"}', '--json']);
    expect(missing.code).toBe(3);
    expect(JSON.parse(missing.stdout)).toMatchObject({
      moduleId: 'orders.cancel_order',
      input: { ok: false, errors: ['orderId: is required'] },
    });
    const unknown = await runCli([...grouped, '--args', '{"action": "bogus"}']);
    expect(unknown.code).toBe(3);
    expect(unknown.stdout).toMatch(
      /^orders: the call would be refused: GENERAL_INVALID_INPUT: \[orders\] Invalid input: Unknown action "bogus"/,
    );
  });

  it('refuses an unknown tool with the closest name, exit 1', async () => {
    const result = await runCli([
      'tools',
      'check',
      'payments-charge-card',
      '--extensions-dir',
      EXAMPLE_EXTENSIONS,
    ]);
    expectOneErrorLine(
      result,
      /^Error: unknown tool "payments-charge-card" \(did you mean "payments-charge_card"\?\); apcore-mcp tools list shows the tools$/,
    );
  });

  it('refuses arguments that are not a JSON object, naming where, exit 1', async () => {
    expectOneErrorLine(
      await runCli([...CHARGE, '--args', '{"amountCents": 1250,}']),
      /^Error: --args is not valid JSON: Expected double-quoted property name at line 1, column 22$/,
    );
    const file = join(dir, 'args.json');
    expectOneErrorLine(
      await runCli([...CHARGE, '--args-file', file]),
      new RegExp(
        `^Error: --args-file ${file} is not valid JSON: Unexpected token '}' at line 3, column 16$`,
      ),
    );
    expectOneErrorLine(
      await runCli([...CHARGE, '--args', '[1]']),
      /^Error: --args must be a JSON object of the tool's arguments \(got an array\)$/,
    );
    expectOneErrorLine(
      await runCli([...CHARGE, '--args-file', join(dir, 'missing.json')]),
      /^Error: --args-file .*missing\.json cannot be read \(ENOENT\)$/,
    );
    expectOneErrorLine(
      await runCli([...CHARGE, '--roles', 'staff']),
      /^Error: --roles needs --subject/,
    );
    const both = await runCli([...CHARGE, '--args', '{}', '--args-file', file]);
    expect(both.code).toBe(2);
  });
});

const skip = redisSkipReason();

/** A report whose limit message says how long to wait, without the seconds. */
function withoutWait(report: unknown): unknown {
  return JSON.parse(JSON.stringify(report).replace(/retry in \d+ s/g, 'retry in N s'));
}

describe.skipIf(skip !== undefined)(
  `apcore-mcp tools check against a server's Redis${skip ? ` (skipped: ${skip})` : ''}`,
  () => {
    let redis: TestRedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis.stop();
    });

    it('answers what tools/call with the preflight flag answers, counting nothing', async () => {
      const limits = ['--rate-limit', '2/day', '--store', redis.url];
      const port = await findFreePort();
      const server = startCli(httpServeArgs(EXAMPLE_EXTENSIONS, port, limits));
      const check = () => runCli([...CHARGE, '--args', GOOD_CHARGE, '--json', ...limits]);
      try {
        const [, , url] = await server.waitForStderr(SERVING_LINE);
        const client = await connectClient({
          era: '2025-11-25',
          transport: 'http',
          url: url ?? '',
        });
        const preflight = async () => {
          const meta = { meta: { 'apcore/preflight': true } };
          const answer = await client.callTool(
            'payments-charge_card',
            JSON.parse(GOOD_CHARGE),
            meta,
          );
          return JSON.parse(firstText(answer)) as unknown;
        };
        try {
          const before = await check();
          expect(before.code).toBe(0);
          expect(JSON.parse(before.stdout)).toEqual(await preflight());
          // Checks count nothing: two calls still run.
          for (let call = 0; call < 2; call += 1) {
            const answer = await client.callTool('payments-charge_card', JSON.parse(GOOD_CHARGE));
            expect(answer.isError).toBe(false);
          }
          const after = await check();
          expect(after.code).toBe(3);
          const report = JSON.parse(after.stdout) as unknown;
          expect(report).toMatchObject({
            valid: false,
            limits: { ok: false, code: 'RATE_LIMITED' },
          });
          // Asked a moment apart: the seconds left to wait may differ by one.
          expect(withoutWait(report)).toEqual(withoutWait(await preflight()));
        } finally {
          await client.close();
        }
      } finally {
        expect(await server.stop()).toBe(0);
      }
    });
  },
);
