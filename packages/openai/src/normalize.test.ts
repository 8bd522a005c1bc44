import { InvalidToolNameError } from '@apcore-mcp/core';
import { toToolName } from '@apcore-mcp/core/bridge';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { denormalize, isValidFunctionName, normalize } from './normalize.js';

/** Module ids by the apcore grammar `^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$`. */
const segment = fc
  .tuple(
    fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
    fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_'), maxLength: 12 }),
  )
  .map(([head, tail]) => head + tail);
const moduleId = fc
  .array(segment, { minLength: 1, maxLength: 6 })
  .map((segments) => segments.join('.'));

describe('FR-OPENAI-002 normalize / denormalize', () => {
  it.each([
    ['image.resize', 'image-resize'],
    ['simple', 'simple'],
    ['comfyui.workflow.execute', 'comfyui-workflow-execute'],
    ['my_module.resize', 'my_module-resize'],
  ])('normalize(%s) === %s and back', (id, name) => {
    expect(normalize(id)).toBe(name);
    expect(denormalize(name)).toBe(id);
  });

  it('rejects an id with a hyphen (reserved for the dot replacement)', () => {
    expect(() => normalize('my-module.resize')).toThrow(InvalidToolNameError);
    try {
      normalize('my-module.resize');
    } catch (error) {
      expect(InvalidToolNameError.isInstance(error)).toBe(true);
      expect((error as InvalidToolNameError).code).toBe('INVALID_TOOL_NAME');
      expect((error as InvalidToolNameError).details).toEqual({
        moduleId: 'my-module.resize',
        reason: 'reserved-hyphen',
      });
    }
  });

  it('reports ids that have no valid function name instead of mangling them', () => {
    const reasons = (id: string) => {
      try {
        normalize(id);
        return 'accepted';
      } catch (error) {
        return (error as InvalidToolNameError).details.reason;
      }
    };
    expect(reasons('')).toBe('empty');
    expect(reasons('image/resize')).toBe('invalid-characters');
    expect(reasons('émoji.tool')).toBe('invalid-characters');
    expect(reasons('a'.repeat(64))).toBe('accepted');
    expect(reasons('a'.repeat(65))).toBe('accepted');
  });

  it('names a module exactly as the MCP server does, long ids shortened with a hash', () => {
    const long = `reports.${'quarterly_'.repeat(7)}summary`;
    expect(normalize(long)).toBe(toToolName(long));
    expect(normalize(long)).toMatch(/^reports-quarterly_[a-z_]+_[0-9a-f]{8}$/);
    expect(isValidFunctionName(normalize(long))).toBe(true);
  });

  it('property: denormalize(normalize(id)) === id for every module id of at most 64 characters', () => {
    fc.assert(
      fc.property(moduleId, (id) => {
        fc.pre(id.length <= 64);
        const name = normalize(id);
        expect(isValidFunctionName(name)).toBe(true);
        expect(denormalize(name)).toBe(id);
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: the name is the tool name the MCP server gives, for every module id', () => {
    fc.assert(
      fc.property(moduleId, (id) => {
        expect(normalize(id)).toBe(toToolName(id, 'safe'));
      }),
    );
  });

  it('checks function names against ^[a-zA-Z0-9_-]{1,64}$', () => {
    expect(isValidFunctionName('Image_Resize-2')).toBe(true);
    expect(isValidFunctionName('')).toBe(false);
    expect(isValidFunctionName('a.b')).toBe(false);
    expect(isValidFunctionName('x'.repeat(65))).toBe(false);
  });
});
