import * as core from '@apcore-mcp/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixtureRuntime } from '../../test/fixtures/fixture-modules.mjs';
import { connectInMemory, type InMemoryConnection } from '../__fixtures__/in-memory.js';

const read = (): string => 'x';

describe('the capabilities of what is defined beside the modules', () => {
  let connection: InMemoryConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  it('declares resources without subscribe, and no prompts or completions, when nothing is defined', async () => {
    connection = await connectInMemory(createFixtureRuntime(core).executor);
    const capabilities = connection.client.getServerCapabilities();
    expect(capabilities?.resources).toEqual({});
    expect(capabilities?.prompts).toBeUndefined();
    expect(capabilities?.completions).toBeUndefined();
  });

  it('declares subscribe and prompts when defined, completions only when something completes', async () => {
    const resource = core.defineResource({ uri: 'test://a', name: 'a', read });
    const prompt = core.definePrompt({ name: 'p', arguments: [{ name: 'x' }], get: read });
    connection = await connectInMemory(createFixtureRuntime(core).executor, {
      resources: [resource],
      prompts: [prompt],
    });
    const capabilities = connection.client.getServerCapabilities();
    expect(capabilities?.resources).toEqual({ subscribe: true });
    expect(capabilities?.prompts).toEqual({});
    expect(capabilities?.completions).toBeUndefined();
    await connection.close();

    const completing = core.definePrompt({
      name: 'p',
      arguments: [{ name: 'x', enum: ['a'] }],
      get: read,
    });
    connection = await connectInMemory(createFixtureRuntime(core).executor, {
      prompts: [completing],
    });
    expect(connection.client.getServerCapabilities()?.completions).toEqual({});
  });

  it('declares listChanged, subscribe, prompts and completions from the start for functions, empty or not', async () => {
    connection = await connectInMemory(createFixtureRuntime(core).executor, {
      resourceTemplates: () => [],
      prompts: () => [],
    });
    const capabilities = connection.client.getServerCapabilities();
    expect(capabilities?.resources).toEqual({ subscribe: true, listChanged: true });
    expect(capabilities?.prompts).toEqual({ listChanged: true });
    expect(capabilities?.completions).toEqual({});
  });
});
