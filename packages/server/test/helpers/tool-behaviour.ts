import { firstText } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LONG_MODULE_ID } from '../fixtures/fixture-modules.mjs';

/**
 * What the behaviour tests ask of a client: the part both SDK majors' `Client` share, so one
 * suite runs against the 1.x client (2025-11-25) and the 2.x one (2026-07-28).
 */
export interface FixtureClient {
  listTools(): Promise<{ tools: ListedTool[] }>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<CalledTool>;
  listResources(): Promise<{ resources: { uri: string }[] }>;
  readResource(params: { uri: string }): Promise<{ contents: unknown[] }>;
  /** The 2.x client's: which revision family it negotiated (the 1.x client speaks 2025-11-25). */
  getProtocolEra?(): string | undefined;
}

interface ListedTool {
  name: string;
  title?: string | undefined;
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations?: object | undefined;
  _meta?: Record<string, unknown> | undefined;
}

interface CalledTool {
  isError?: unknown;
  structuredContent?: unknown;
  _meta?: Record<string, unknown> | undefined;
}

/** A client connected to a server that serves the fixture modules, and how to let go of it. */
export interface FixtureConnection {
  client: FixtureClient;
  close(): Promise<void>;
}

/**
 * The behaviour every transport must show with the fixture modules: the tool list (schemas
 * inlined, annotations mapped), a successful call, a validation error with field details, an
 * ACL denial, a timeout and an unexpected exception, all as MCP tool results; and the
 * documentation resources.
 */
export function describeToolBehaviour(
  transport: string,
  connect: () => Promise<FixtureConnection>,
): void {
  describe(`tool behaviour over ${transport}`, () => {
    let connection: FixtureConnection;
    beforeAll(async () => {
      connection = await connect();
    });
    afterAll(async () => {
      await connection?.close();
    });

    it('lists the tools with inlined schemas and mapped annotations', async () => {
      const { tools } = await connection.client.listTools();
      const names = tools.map((tool) => tool.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'files-purge',
          'boom-fail',
          'math-add',
          'slow-timeout',
          'slow-wait',
          'text-echo',
          'wait-forever',
        ]),
      );
      // The module whose schema cannot be converted is left out, and so is the one the ACL
      // refuses this caller (calling it is still refused: see below).
      expect(names).not.toContain('broken-schema');
      expect(names).not.toContain('admin-secret');
      const add = tools.find((tool) => tool.name === 'math-add');
      expect(add).toMatchObject({
        title: 'Add numbers',
        description: 'Adds two integers.',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'integer' }, b: { type: 'integer' } },
          required: ['a', 'b'],
        },
        outputSchema: { type: 'object', properties: { sum: { type: 'integer' } } },
        annotations: {
          title: 'Add numbers',
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
        _meta: {
          'apcore/moduleId': 'math.add',
          'apcore/requiresApproval': false,
          'apcore/streaming': false,
        },
      });
      expect(JSON.stringify(add?.inputSchema)).not.toMatch(/\$ref|\$defs/);
      const secret = tools.find((tool) => tool.name === 'files-purge');
      expect(secret?.annotations).toMatchObject({ destructiveHint: true, openWorldHint: true });
      expect(secret?._meta).toMatchObject({ 'apcore/requiresApproval': true });
      expect(tools.find((tool) => tool.name === 'text-echo')?.outputSchema).toBeUndefined();
    });

    it('answers a successful call with JSON text and structured content', async () => {
      const result = await connection.client.callTool({
        name: 'math-add',
        arguments: { a: 2, b: 3 },
      });
      expect(result.isError).toBeFalsy();
      expect(firstText(result)).toBe('{"sum":5}');
      expect(result.structuredContent).toEqual({ sum: 5 });
      const echo = await connection.client.callTool({
        name: 'text-echo',
        arguments: { text: 'hi' },
      });
      expect(JSON.parse(firstText(echo))).toEqual({ text: 'hi', at: '1970-01-01T00:00:00.000Z' });
    });

    it('reports validation errors field by field', async () => {
      const result = await connection.client.callTool({
        name: 'math-add',
        arguments: { a: 'two' },
      });
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toBeUndefined();
      const text = firstText(result);
      expect(text.split('\n')[0]).toBe('Input validation failed:');
      expect(text).toContain('- a: must be integer (type)');
      expect(text).toContain('- b: is required (required)');
    });

    it('denies by ACL without naming the caller', async () => {
      const result = await connection.client.callTool({ name: 'admin-secret', arguments: {} });
      expect(result).toMatchObject({
        isError: true,
        content: [
          { type: 'text', text: 'Access denied' },
          { type: 'text' /* the AI guidance appendix */ },
        ],
        _meta: { 'apcore/errorCode': 'ACL_DENIED' },
      });
      expect(JSON.stringify(result)).not.toContain('@external');
    });

    it('reports a timeout with its duration', async () => {
      const result = await connection.client.callTool({ name: 'slow-timeout', arguments: {} });
      expect(result.isError).toBe(true);
      expect(firstText(result)).toBe('Module timed out after 50ms');
    });

    it('hides unexpected exceptions behind "Internal error occurred"', async () => {
      const result = await connection.client.callTool({ name: 'boom-fail', arguments: {} });
      expect(result).toMatchObject({
        isError: true,
        content: [
          { type: 'text', text: 'Internal error occurred' },
          { type: 'text' /* the AI guidance appendix */ },
        ],
      });
      const serialized = JSON.stringify(result);
      for (const leak of ['disk full', '/var/lib', 'TypeError', 'at ']) {
        expect(serialized).not.toContain(leak);
      }
    });

    it('names every tool as every common client requires; a call by name reaches its module', async () => {
      const { tools } = await connection.client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      for (const tool of tools) expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
      const long = tools.find((tool) => tool._meta?.['apcore/moduleId'] === LONG_MODULE_ID);
      expect(long?.name).toMatch(
        /^reports-quarterly_revenue_by_region_and_product_line-su_[0-9a-f]{8}$/,
      );
      expect(long?.name).toHaveLength(64);
      expect(long?.title).toBe(LONG_MODULE_ID);
      const result = await connection.client.callTool({ name: long?.name ?? '', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(JSON.parse(firstText(result))).toEqual({ moduleId: LONG_MODULE_ID });
    });

    it('refuses a call to an unknown tool with the protocol error -32602, and keeps serving', async () => {
      await expect(
        connection.client.callTool({ name: 'broken-schema', arguments: {} }),
      ).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/Unknown tool: broken-schema$/),
      });
      const next = await connection.client.callTool({
        name: 'math-add',
        arguments: { a: 1, b: 1 },
      });
      expect(firstText(next)).toBe('{"sum":2}');
    });

    it('lists and reads documentation resources; an unknown URI is Resource not found', async () => {
      const { resources } = await connection.client.listResources();
      expect(resources.map((resource) => resource.uri)).toEqual(['docs://math.add']);
      const read = await connection.client.readResource({ uri: 'docs://math.add' });
      expect(read.contents).toEqual([
        {
          uri: 'docs://math.add',
          mimeType: 'text/markdown',
          text: '# math.add\n\nAdds `a` and `b`.',
        },
      ]);
      // Each revision's own code: -32602 on 2026-07-28, -32002 on 2025-11-25.
      const { client } = connection;
      const modern = client.getProtocolEra?.() === 'modern';
      await expect(client.readResource({ uri: 'docs://nope' })).rejects.toMatchObject({
        code: modern ? -32602 : -32002,
        data: { uri: 'docs://nope' },
      });
    });
  });
}
