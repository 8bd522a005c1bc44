import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidToolNameError } from './invalid-tool-name-error.js';
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
    expect(reasons('a'.repeat(65))).toBe('too-long');
    expect(reasons('a'.repeat(64))).toBe('accepted');
  });

  it('property: denormalize(normalize(id)) === id for every valid module id', () => {
    fc.assert(
      fc.property(moduleId, (id) => {
        if (id.length > 64) {
          expect(() => normalize(id)).toThrow(InvalidToolNameError);
          return;
        }
        const name = normalize(id);
        expect(isValidFunctionName(name)).toBe(true);
        expect(denormalize(name)).toBe(id);
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: distinct ids get distinct names', () => {
    fc.assert(
      fc.property(moduleId, moduleId, (left, right) => {
        fc.pre(left !== right && left.length <= 64 && right.length <= 64);
        expect(normalize(left)).not.toBe(normalize(right));
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
