import * as core from '@apcore-mcp/core';
import * as coreBridge from '@apcore-mcp/core/bridge';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixtureRuntime } from '../../test/fixtures/fixture-modules.mjs';
import { connectInMemory, type InMemoryConnection } from '../__fixtures__/in-memory.js';

const read = (): string => 'x';

/** A definition as another installed copy of core might make it: branded, fields unchecked. */
function madeElsewhere<D extends coreBridge.Definition>(
  definition: D,
  fields: Record<string, unknown>,
): D {
  const copy = { ...definition, ...fields };
  Object.defineProperty(copy, coreBridge.DEFINITION_MARKER, { value: definition.kind });
  return copy as D;
}

describe('definitions that break their MCP schema', () => {
  let connection: InMemoryConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  it('are left out with one warning each; the others are served and everything else works', async () => {
    const greet = core.definePrompt({ name: 'greet', get: () => 'Hi' });
    const badPrompt = madeElsewhere(core.definePrompt({ name: 'ask', get: () => 'Ask' }), {
      arguments: [{ name: 'topic', required: 'yes' }],
    });
    const readme = core.defineResource({ uri: 'test://readme', name: 'readme', read });
    const badResource = madeElsewhere(
      core.defineResource({ uri: 'test://logo', name: 'logo', read }),
      {
        name: 42,
      },
    );
    const badTemplate = madeElsewhere(
      core.defineResourceTemplate({ uriTemplate: 'test://orders/{id}', name: 'order', read }),
      { uriTemplate: 'test://orders/{id' },
    );
    connection = await connectInMemory(createFixtureRuntime(core).executor, {
      prompts: [greet, badPrompt],
      resources: [readme, badResource],
      resourceTemplates: [badTemplate],
    });
    const { client, runtime, logger } = connection;

    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['greet']);
    expect((await client.listResources()).resources.map((entry) => entry.uri)).toContain(
      'test://readme',
    );
    expect((await client.listResources()).resources.map((entry) => entry.uri)).not.toContain(
      'test://logo',
    );
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([]);
    await expect(client.getPrompt({ name: 'ask' })).rejects.toThrow(/ask/);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);

    expect(runtime.notServed().filter((entry) => entry.kind !== 'module')).toEqual([
      {
        kind: 'resource',
        name: 'test://logo',
        reason:
          'it breaks the MCP Resource schema: /name: Invalid input: expected string, received number',
      },
      {
        kind: 'resourceTemplate',
        name: 'test://orders/{id',
        reason: 'its uriTemplate is not an RFC 6570 template the SDK can match',
      },
      {
        kind: 'prompt',
        name: 'ask',
        reason:
          'it breaks the MCP Prompt schema: /arguments/0/required: Invalid input: expected boolean, received string',
      },
    ]);
    // Told once, at start, however often they are listed.
    const warnings = logger.messages('warn').filter((line) => line.startsWith('Skipping '));
    expect(warnings.filter((line) => !line.startsWith('Skipping module '))).toEqual([
      'Skipping resource test://logo: it breaks the MCP Resource schema: /name: Invalid input: expected string, received number',
      'Skipping resource template test://orders/{id: its uriTemplate is not an RFC 6570 template the SDK can match',
      'Skipping prompt ask: it breaks the MCP Prompt schema: /arguments/0/required: Invalid input: expected boolean, received string',
    ]);
  });
});
