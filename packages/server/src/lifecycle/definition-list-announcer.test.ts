import * as core from '@apcore-mcp/core';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFixtureRuntime } from '../../test/fixtures/fixture-modules.mjs';
import { connectInMemory, type InMemoryConnection } from '../__fixtures__/in-memory.js';

const read = (): string => 'x';

describe('announcing changes of the defined lists', () => {
  let connection: InMemoryConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  it('logs a source that throws, never throws itself, and still announces the other list', async () => {
    let resources = [core.defineResource({ uri: 'test://a', name: 'a', read })];
    let promptsFail = false;
    connection = await connectInMemory(createFixtureRuntime(core).executor, {
      resources: () => resources,
      prompts: () => {
        if (promptsFail) throw new Error('the prompts directory is gone');
        return [];
      },
    });
    const heard: string[] = [];
    const { client, runtime, logger } = connection;
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      heard.push('resources');
    });
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      heard.push('prompts');
    });
    promptsFail = true;
    resources = [...resources, core.defineResource({ uri: 'test://b', name: 'b', read })];
    expect(() => runtime.definitionsChanged()).not.toThrow();
    await vi.waitFor(() => expect(heard).toEqual(['resources']));
    expect(logger.warnings()).toContain('Could not read the defined prompts');
  });

  it('never announces lists given as arrays', async () => {
    const prompt = core.definePrompt({ name: 'p', get: read });
    connection = await connectInMemory(createFixtureRuntime(core).executor, {
      prompts: [prompt],
      resources: () => [],
    });
    const heard: string[] = [];
    const { client, runtime } = connection;
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
      heard.push('prompts');
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      heard.push('resources');
    });
    runtime.definitionsChanged();
    // A notification sent before this answer would have been handled before it.
    expect(await client.listPrompts()).toEqual({ prompts: [{ name: 'p' }] });
    expect(heard).toEqual([]);
    expect(client.getServerCapabilities()?.prompts).toEqual({});
  });
});
