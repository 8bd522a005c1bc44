import type { ElicitationHandler, LogMessage } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectToDefinitions,
  DEFINITIONS_TARGETS,
  type DefinitionsConnection,
} from '../helpers/definitions-target.js';
import { rejection } from '../helpers/rejection.js';

describe.each(DEFINITIONS_TARGETS)('definitions asking, %s client over %s', (era, transport) => {
  let connection: DefinitionsConnection;
  const asked: string[] = [];
  const logged: LogMessage[] = [];
  /** What the user answers next; each test sets it. */
  let answer: ElicitationHandler = () => ({ action: 'decline' });
  beforeAll(async () => {
    connection = await connectToDefinitions([era, transport], {
      onElicit: (request) => {
        asked.push(request.message);
        return answer(request);
      },
      onLog: (message) => logged.push(message),
    });
  });
  afterAll(() => connection.close());

  it('lets a prompt ask the user and log, and builds its messages from the answer', async () => {
    asked.length = 0;
    answer = () => ({ action: 'accept', content: { context: 'a tea shop' } });
    const prompt = await connection.client.getPrompt('ask_for_context');
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Use this context: a tea shop' } },
    ]);
    expect(asked).toEqual(['What context should the prompt use?']);
    // 2025-11-25 sessions get every level until they set one; 2026-07-28 requests ask per request.
    if (era === '2025-11-25') {
      expect(logged).toContainEqual({
        level: 'info',
        logger: 'prompt ask_for_context',
        data: 'Asking for context',
      });
    }
  });

  it('gives a prompt no answer when the user declines', async () => {
    answer = () => ({ action: 'decline' });
    const prompt = await connection.client.getPrompt('ask_for_context');
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Use this context: none given' } },
    ]);
  });

  it('lets a resource read ask the user', async () => {
    asked.length = 0;
    answer = () => ({ action: 'accept', content: { section: 'intro' } });
    const read = await connection.client.readResource('test://asks');
    expect(read.contents).toEqual([
      { uri: 'test://asks', mimeType: 'text/plain', text: 'Section intro' },
    ]);
    expect(asked).toEqual(['Which section?']);
  });

  it('refuses a prompt that needs a capability the client lacks with -32021, and keeps serving', async () => {
    const error = await rejection(connection.client.getPrompt('needs_sampling'));
    expect(error.code).toBe(-32021);
    expect(error.message).toContain('sampling');
    expect((await connection.client.getPrompt('test_simple_prompt')).messages).toHaveLength(1);
  });
});
