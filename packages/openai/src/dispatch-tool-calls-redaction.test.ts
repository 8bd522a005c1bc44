import { defineModule } from '@apcore-mcp/core';
import { REDACTED_VALUE } from '@apcore-mcp/core/bridge';
import { Executor, Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { dispatchToolCalls } from './dispatch-tool-calls.js';
import type { ChatToolCall, ResponsesFunctionCall } from './types.js';

const R = REDACTED_VALUE;

function createExecutor(): Executor {
  const registry = new Registry();
  registry.register(
    'auth.login',
    defineModule({
      description: 'Logs in',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: {
        type: 'object',
        properties: {
          token: { type: 'string', 'x-sensitive': true },
          expires_at: { type: 'string' },
          card: { $ref: '#/$defs/card' },
        },
        $defs: {
          card: { type: 'object', properties: { number: { type: 'string', 'x-sensitive': true } } },
        },
      },
      execute: () => ({
        token: 'secret-jwt-token-123',
        expires_at: '2026-04-06T12:00:00Z',
        card: { number: '4111' },
        _secret_refresh: 'rt-9',
      }),
    }),
  );
  return new Executor(registry);
}

const chat = (id: string, name: string): ChatToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: '{}' },
});

describe('dispatchToolCalls: secrets in outputs', () => {
  it('redacts x-sensitive fields (behind $refs too) and _secret_ keys before the model reads them', async () => {
    const executor = createExecutor();
    const responses: ResponsesFunctionCall = {
      type: 'function_call',
      call_id: 'r1',
      name: 'auth-login',
      arguments: '{}',
    };
    const [message, output] = await dispatchToolCalls(executor, [
      chat('1', 'auth-login'),
      responses,
    ]);
    const expected = {
      token: R,
      expires_at: '2026-04-06T12:00:00Z',
      card: { number: R },
      _secret_refresh: R,
    };
    expect(JSON.parse((message as { content: string }).content)).toEqual(expected);
    expect(JSON.parse((output as { output: string }).output)).toEqual(expected);
  });

  it('hands the output over as it is with redactOutput: false', async () => {
    const [message] = await dispatchToolCalls(createExecutor(), [chat('1', 'auth-login')], {
      redactOutput: false,
    });
    expect(JSON.parse((message as { content: string }).content)).toMatchObject({
      token: 'secret-jwt-token-123',
      _secret_refresh: 'rt-9',
    });
  });
});
