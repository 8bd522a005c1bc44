import { describe, expect, it } from 'vitest';
import { mergeCapabilities } from './surface-part.js';

describe('mergeCapabilities', () => {
  it('keeps every part’s keys, merging what two parts declare under one key', () => {
    expect(
      mergeCapabilities([
        { tools: { listChanged: false }, resources: { subscribe: true } },
        { resources: { listChanged: true }, prompts: {} },
      ]),
    ).toEqual({
      tools: { listChanged: false },
      resources: { subscribe: true, listChanged: true },
      prompts: {},
    });
  });

  it('merges the extensions of several parts, each extension’s settings kept whole', () => {
    expect(
      mergeCapabilities([
        { extensions: { 'io.modelcontextprotocol/tasks': {} } },
        {
          extensions: {
            'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
          },
        },
      ]),
    ).toEqual({
      extensions: {
        'io.modelcontextprotocol/tasks': {},
        'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
      },
    });
  });

  it('declares nothing for no parts', () => {
    expect(mergeCapabilities([])).toEqual({});
  });
});
