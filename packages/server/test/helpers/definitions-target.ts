import * as core from '@apcore-mcp/core';
import type {
  ClientEra,
  ConnectionDefaults,
  McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { createFixtureDefinitions } from '../fixtures/fixture-definitions.mjs';
import { createFixtureRuntime } from '../fixtures/fixture-modules.mjs';
import { connectFixtureOverStdio, connectOverHttp } from './fixture-path.js';

/** Where a definitions test connects: a client era over Streamable HTTP or a spawned stdio child. */
export type DefinitionsTarget = [ClientEra, 'http' | 'stdio'];

/** Every era over both transports. */
export const DEFINITIONS_TARGETS: DefinitionsTarget[] = [
  ['2025-11-25', 'http'],
  ['2026-07-28', 'http'],
  ['2025-11-25', 'stdio'],
  ['2026-07-28', 'stdio'],
];

/** A connected client of the fixture definitions server, and how to close both. */
export interface DefinitionsConnection {
  client: McpClientHandle;
  close(): Promise<void>;
}

/**
 * Serves the fixture modules and definitions (in process over HTTP, or in a spawned stdio child
 * running the built packages) and connects a client of `era` to it, with `defaults` (how it
 * answers elicitations, where its log messages go).
 */
export async function connectToDefinitions(
  [era, transport]: DefinitionsTarget,
  defaults: ConnectionDefaults = {},
): Promise<DefinitionsConnection> {
  if (transport === 'stdio') {
    const client = await connectFixtureOverStdio(era, 'definitions-server.mjs', defaults);
    return { client, close: () => client.close() };
  }
  const { registry, executor } = createFixtureRuntime(core);
  const { touch, ...definitions } = createFixtureDefinitions(core);
  registry.register('fixture.touch', touch);
  return connectOverHttp(era, executor, definitions, defaults);
}
