import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidModuleIdError } from './errors/registry-errors.js';
import { assertValidModuleId, MAX_MODULE_ID_LENGTH, moduleIdFromPath } from './module-id.js';

describe('assertValidModuleId', () => {
  it.each(['a', 'image.resize', 'a1.b_2.c', 'x'.repeat(MAX_MODULE_ID_LENGTH)])(
    'accepts %s',
    (id) => {
      expect(() => assertValidModuleId(id)).not.toThrow();
    },
  );

  it.each([
    '',
    'Image',
    '1abc',
    'image..resize',
    '.image',
    'image.',
    'image-resize',
    'image.Resize',
    'image._x',
    'with space',
  ])('rejects %j with INVALID_MODULE_ID', (id) => {
    try {
      assertValidModuleId(id);
      expect.unreachable();
    } catch (error) {
      expect(InvalidModuleIdError.isInstance(error)).toBe(true);
      expect((error as InvalidModuleIdError).details.moduleId).toBe(id);
    }
  });

  it('rejects ids longer than 192 characters, saying so', () => {
    expect(() => assertValidModuleId('x'.repeat(193))).toThrow(/at most 192 characters/);
  });

  it('rejects non-strings', () => {
    expect(() => assertValidModuleId(42)).toThrow(InvalidModuleIdError);
  });
});

describe('moduleIdFromPath', () => {
  const root = join('/srv', 'extensions');

  it.each([
    ['image/resize.ts', 'image.resize'],
    ['image/resize.js', 'image.resize'],
    ['a/b/c.mjs', 'a.b.c'],
    ['top.cjs', 'top'],
    ['tools/auto-crop.mts', 'tools.auto_crop'],
    ['my-tools/x.ts', 'my_tools.x'],
  ])('%s -> %s', (relativePath, id) => {
    expect(moduleIdFromPath(root, join(root, ...relativePath.split('/')))).toBe(id);
  });

  it('keeps upper case, which then fails validation', () => {
    expect(moduleIdFromPath(root, join(root, 'Image.ts'))).toBe('Image');
  });
});
