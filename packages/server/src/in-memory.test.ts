import * as core from '@apcore-mcp/core';
import { createFixtureRuntime } from '../test/fixtures/fixture-modules.mjs';
import { describeToolBehaviour } from '../test/helpers/tool-behaviour.js';
import { connectInMemory } from './__fixtures__/in-memory.js';

describeToolBehaviour('InMemory', async () => {
  const { executor } = createFixtureRuntime(core);
  return connectInMemory(executor);
});
