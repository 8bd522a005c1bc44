import { audio, embeddedResource, image, resourceLink, text } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { chatCall, createExecutor } from './__fixtures__/dispatch-executor.js';
import { dispatchToolCalls } from './dispatch-tool-calls.js';
import type { ResponsesFunctionCall } from './types.js';

const PNG_BYTES = Buffer.alloc(1234, 7);

describe('dispatchToolCalls: modules answering with content', () => {
  it('answers text as the text itself, and other items with documented placeholders', async () => {
    const { executor } = createExecutor({
      'say.hello': () => text('Hello, Ada!'),
      'say.plain': () => 'a plain string',
      'chart.draw': () => [text('Sales by month:'), image(PNG_BYTES, 'image/png')],
      'sound.play': () => audio('UklGRg==', 'audio/wav'),
      'notes.embed': () =>
        embeddedResource({ uri: 'test://notes', mimeType: 'text/plain', text: 'Buy milk' }),
      'logo.embed': () =>
        embeddedResource({ uri: 'test://logo', mimeType: 'image/png', blob: 'aGk=' }),
      'report.link': () =>
        resourceLink({ uri: 'file:///r.pdf', name: 'r.pdf', mimeType: 'application/pdf' }),
    });
    const names = [
      'say-hello',
      'say-plain',
      'chart-draw',
      'sound-play',
      'notes-embed',
      'logo-embed',
      'report-link',
    ];
    const messages = await dispatchToolCalls(
      executor,
      names.map((name, index) => chatCall(String(index), name, '{}')),
    );
    expect(messages.map((message) => message.content)).toEqual([
      'Hello, Ada!',
      'a plain string',
      'Sales by month:\n[image: image/png, 1234 bytes]',
      '[audio: audio/wav, 4 bytes]',
      '[resource: test://notes, text/plain]\nBuy milk',
      '[resource: test://logo, image/png, 2 bytes]',
      '[resource link: r.pdf, file:///r.pdf, application/pdf]',
    ]);
  });

  it('answers a Responses API call the same way', async () => {
    const { executor } = createExecutor({ 'chart.draw': () => image(PNG_BYTES, 'image/png') });
    const call: ResponsesFunctionCall = {
      type: 'function_call',
      call_id: 'c1',
      name: 'chart-draw',
      arguments: '{}',
    };
    expect(await dispatchToolCalls(executor, [call])).toEqual([
      { type: 'function_call_output', call_id: 'c1', output: '[image: image/png, 1234 bytes]' },
    ]);
  });

  it('answers a malformed content item with an error naming it, never its bytes', async () => {
    const { executor } = createExecutor({
      'chart.draw': () => ({
        'apcore/content': [{ type: 'image', data: '!!', mimeType: 'image/png' }],
      }),
    });
    const [message] = await dispatchToolCalls(executor, [chatCall('1', 'chart-draw', '{}')]);
    expect(message?.content).toMatch(
      /^Invalid result: content item 1 \(image\): data is not valid base64\n\n\{"retryable":false,/,
    );
  });
});
