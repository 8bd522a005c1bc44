import { defineModule } from '@apcore-mcp/core';
import { DEFAULT_ANNOTATIONS } from '@apcore-mcp/core/bridge';
import * as runtime from '@apcore-mcp/runtime';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { describeModule } from '../__fixtures__/foreign-runtime.js';
import { ToolBuilder } from './tool-builder.js';

const overlaid = (mcp: unknown, overrides = {}) =>
  describeModule('image.resize', {
    description: 'Resizes an image.',
    metadata: { display: { mcp } },
    ...overrides,
  });

describe('the display overlay (metadata.display.mcp)', () => {
  const builder = new ToolBuilder();

  it('names and describes the tool, guidance appended', () => {
    const tool = builder.buildTool(
      overlaid({
        alias: 'resize_photo',
        description: 'Make a photo smaller.',
        guidance: 'Keep the ratio.',
      }),
    );
    expect(tool.name).toBe('resize_photo');
    expect(tool.description).toBe('Make a photo smaller.\n\nGuidance: Keep the ratio.');
    expect(tool._meta?.['apcore/moduleId']).toBe('image.resize');
  });

  it("keeps the module's own description and name where the overlay says nothing", () => {
    const tool = builder.buildTool(overlaid({ guidance: 'Ask for the size first.' }));
    expect(tool.name).toBe('image-resize');
    expect(tool.description).toBe('Resizes an image.\n\nGuidance: Ask for the size first.');
    expect(builder.buildTool(overlaid(undefined)).description).toBe('Resizes an image.');
  });

  it('reads descriptor.display.mcp before metadata.display.mcp', () => {
    const descriptor = {
      ...overlaid({ alias: 'from_metadata' }),
      display: { mcp: { alias: 'from_display' } },
    };
    expect(builder.buildTool(descriptor).name).toBe('from_display');
  });

  it('does not serve a module whose alias is no valid tool name, and says why', () => {
    const registry = new runtime.Registry();
    const module = (alias: string) =>
      defineModule({
        description: 'x',
        inputSchema: { type: 'object' },
        metadata: { display: { mcp: { alias } } },
        execute: () => ({}),
      });
    registry.register('image.resize', module('image.resize'));
    registry.register('image.crop', module('crop'));
    const logger = createRecordingLogger();
    const { tools, skipped } = new ToolBuilder({ logger }).buildTools(registry);
    expect(tools.map((served) => served.tool.name)).toEqual(['crop']);
    expect(skipped).toEqual([
      {
        moduleId: 'image.resize',
        reason: 'display.mcp.alias "image.resize" is not a valid tool name (^[a-zA-Z0-9_-]{1,64}$)',
      },
    ]);
    expect(logger.entries.some((entry) => entry.level === 'warn')).toBe(true);
  });

  it('refuses an overlay field of the wrong type the same way', () => {
    expect(() => builder.buildTool(overlaid({ description: 7 }))).toThrow(
      'display.mcp.description must be a string, got 7',
    );
  });
});

describe('annotations.extra keys for the model (F-041)', () => {
  it('reach the MCP description with their mcp_ prefix stripped; other keys never do', () => {
    const tool = new ToolBuilder().buildTool(
      describeModule('image.resize', {
        description: 'Resize an image',
        annotations: {
          ...DEFAULT_ANNOTATIONS,
          extra: { mcp_category: 'image', mcp_cost: 'high', internal_flag: 'ignored' },
        },
        metadata: { display: { mcp: { guidance: 'Prefer small sizes.' } } },
      }),
    );
    expect(tool.description).toBe(
      'Resize an image\n\ncategory: image\ncost: high\n\nGuidance: Prefer small sizes.',
    );
  });
});
