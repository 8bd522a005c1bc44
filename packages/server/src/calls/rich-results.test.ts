import { embeddedResource, image, resourceLink, text } from '@apcore-mcp/core';
import { CONTENT_RESULT_KEY, type ExecutorLike } from '@apcore-mcp/core/bridge';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { describeModule, ForeignRegistry } from '../__fixtures__/foreign-runtime.js';
import { createToolSource } from '../__fixtures__/tool-source.js';
import type { McpTool } from '../kernel/mcp-tool.js';
import { ExecutionRouter } from './execution-router.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const plainTool: McpTool = { name: 'x.run', inputSchema: { type: 'object' } };
const typedTool: McpTool = {
  name: 'x.typed',
  inputSchema: { type: 'object' },
  outputSchema: { type: 'object', properties: {} },
};

/** An executor of another apcore runtime: it hands back whatever its module answered. */
function foreignRouter(
  answer: () => unknown,
  options: { maxResultBytes?: number; tools?: McpTool[] } = {},
) {
  const registry = new ForeignRegistry();
  registry.add(describeModule('x.run'));
  const executor: ExecutorLike = {
    registry,
    call: async () => answer() as Record<string, unknown>,
  };
  const logger = createRecordingLogger();
  const router = new ExecutionRouter({
    executor,
    tools: createToolSource(options.tools ?? [plainTool]),
    logger,
    ...(options.maxResultBytes === undefined ? {} : { maxResultBytes: options.maxResultBytes }),
  });
  return { router, logger };
}

describe('content results through an executor of another runtime', () => {
  it('become the matching MCP content items, in order', async () => {
    const { router } = foreignRouter(() => ({
      [CONTENT_RESULT_KEY]: [
        ...text('Multiple content types test:')[CONTENT_RESULT_KEY],
        ...image(PNG, 'image/png')[CONTENT_RESULT_KEY],
        ...embeddedResource({
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: '{"test":"data","value":123}',
        })[CONTENT_RESULT_KEY],
        ...resourceLink({ uri: 'test://r', name: 'r' })[CONTENT_RESULT_KEY],
      ],
    }));
    expect(await router.handleCall('x.run', {})).toEqual({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: {
            uri: 'test://mixed-content-resource',
            mimeType: 'application/json',
            text: '{"test":"data","value":123}',
          },
        },
        { type: 'resource_link', uri: 'test://r', name: 'r' },
      ],
    });
  });

  it('survive an executor that copies outputs through JSON, or passes a string on', async () => {
    const copied = foreignRouter(() => JSON.parse(JSON.stringify(image(PNG, 'image/png'))));
    expect(await copied.router.handleCall('x.run', {})).toEqual({
      content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
    });
    const plain = foreignRouter(() => 'exactly this');
    expect(await plain.router.handleCall('x.run', {})).toEqual({
      content: [{ type: 'text', text: 'exactly this' }],
    });
  });

  it('are an error for a tool with an output schema, which must answer JSON', async () => {
    const { router } = foreignRouter(() => text('12'), { tools: [typedTool] });
    expect(await router.handleCall('x.typed', {})).toMatchObject({
      isError: true,
      _meta: { 'apcore/errorCode': 'MODULE_EXECUTE_ERROR' },
    });
  });

  it('answers a malformed item with an INVALID_RESULT error saying which item is wrong', async () => {
    const { router } = foreignRouter(() => ({
      [CONTENT_RESULT_KEY]: [{ type: 'image', data: 'not base64!', mimeType: 'image/png' }],
    }));
    expect(await router.handleCall('x.run', {})).toMatchObject({
      isError: true,
      content: [
        { type: 'text', text: 'Invalid result: content item 1 (image): data is not valid base64' },
        { type: 'text' /* the AI guidance appendix */ },
      ],
      _meta: { 'apcore/errorCode': 'INVALID_RESULT' },
    });
  });
});

describe('maxResultBytes', () => {
  const big = 'x'.repeat(2000);

  it('answers a larger result with RESULT_TOO_LARGE naming its size and the limit', async () => {
    const { router, logger } = foreignRouter(() => big, { maxResultBytes: 1000 });
    const result = await router.handleCall('x.run', {});
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: 'Result too large: 2039 bytes, over the limit of 1000 bytes (maxResultBytes). Ask for less, or have the module return a resource link instead of the data.',
        },
      ],
      isError: true,
      _meta: { 'apcore/errorCode': 'RESULT_TOO_LARGE' },
    });
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        object: { tool: 'x.run', bytes: 2039, maxResultBytes: 1000 },
      }),
    );
  });

  it('lets a result of exactly the limit through, and JSON output is measured alike', async () => {
    expect(
      (await foreignRouter(() => big, { maxResultBytes: 2039 }).router.handleCall('x.run', {}))
        .isError,
    ).toBeUndefined();
    const json = foreignRouter(() => ({ rows: [big] }), { maxResultBytes: 1000 });
    expect(await json.router.handleCall('x.run', {})).toMatchObject({
      _meta: { 'apcore/errorCode': 'RESULT_TOO_LARGE' },
    });
  });

  it('is 1 MiB unless told', async () => {
    const under = foreignRouter(() => 'x'.repeat(1_048_000));
    expect((await under.router.handleCall('x.run', {})).isError).toBeUndefined();
    const over = foreignRouter(() => 'x'.repeat(1_048_576));
    expect(await over.router.handleCall('x.run', {})).toMatchObject({ isError: true });
  });
});
