import { PassThrough } from 'node:stream';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../kernel/invalid-option-error.js';
import { startServer } from './start-server.js';

function registryWithGreet(): Registry {
  const registry = new Registry();
  registry.register('greet', {
    description: 'Greets',
    inputSchema: { type: 'object', properties: {} },
    execute: () => ({ greeting: 'hello' }),
  });
  return registry;
}

/** Resolves with the first line `stream` carries whose message has `id`. */
function answerTo(stream: PassThrough, id: number): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const message = JSON.parse(line) as Record<string, unknown>;
        if (message.id === id) {
          stream.off('data', onData);
          resolve(message);
        }
      }
    };
    stream.on('data', onData);
  });
}

const line = (message: object): string => `${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`;

describe('the stdio option', () => {
  it('serves stdio on the streams given instead of the process’s, and ends with their input', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const handle = await startServer(registryWithGreet(), {
      transport: 'stdio',
      stdio: { stdin, stdout },
      logger: createRecordingLogger(),
    });
    const initialized = answerTo(stdout, 1);
    stdin.write(
      line({
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'streams', version: '1.0.0' },
        },
      }),
    );
    expect(await initialized).toMatchObject({ result: { serverInfo: expect.any(Object) } });
    const listed = answerTo(stdout, 2);
    stdin.write(line({ method: 'notifications/initialized' }));
    stdin.write(line({ id: 2, method: 'tools/list', params: {} }));
    expect(await listed).toMatchObject({ result: { tools: [{ name: 'greet' }] } });
    stdin.end();
    await handle.closed;
  });

  it('refuses what is not a readable stdin and a writable stdout, naming the option', async () => {
    const refused = startServer(registryWithGreet(), {
      transport: 'stdio',
      stdio: { stdin: new PassThrough() } as never,
      logger: createRecordingLogger(),
    });
    const error = await refused.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /stdio must be an object with a readable stream stdin and a writable stream stdout/,
    );
  });
});
