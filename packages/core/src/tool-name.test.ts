import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidToolNameError } from './errors/tool-name-errors.js';
import { MODULE_ID_PATTERN } from './module-id.js';
import { isSafeToolName, MAX_TOOL_NAME_LENGTH, toToolName } from './tool-name.js';

/** Module ids by the apcore grammar, up to the runtime's 192 characters. */
const segment = fc
  .tuple(
    fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
    fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789_'), maxLength: 30 }),
  )
  .map(([head, tail]) => head + tail);
const moduleId = fc
  .array(segment, { minLength: 1, maxLength: 8 })
  .map((segments) => segments.join('.').slice(0, 192))
  .filter((id) => MODULE_ID_PATTERN.test(id));

function reasonOf(id: string): string {
  try {
    toToolName(id);
    return 'accepted';
  } catch (error) {
    expect(InvalidToolNameError.isInstance(error)).toBe(true);
    return (error as InvalidToolNameError).details.reason;
  }
}

describe('toToolName, safe', () => {
  it.each([
    ['catalog.get_product', 'catalog-get_product'],
    ['simple', 'simple'],
    ['comfyui.workflow.execute', 'comfyui-workflow-execute'],
    ['my_module.resize', 'my_module-resize'],
  ])('names %s as %s', (id, name) => {
    expect(toToolName(id)).toBe(name);
    expect(toToolName(id, 'safe')).toBe(name);
  });

  it('keeps a 64-character name whole and shortens a longer one to a readable head and a hash', () => {
    const fits = `a.${'b'.repeat(62)}`;
    expect(toToolName(fits)).toBe(`a-${'b'.repeat(62)}`);
    const long = `reports.quarterly.${'x'.repeat(60)}.summary`;
    const name = toToolName(long);
    expect(name).toHaveLength(MAX_TOOL_NAME_LENGTH);
    expect(name).toMatch(/^reports-quarterly-x+_[0-9a-f]{8}$/);
    // The same on every call (and run): the hash depends on the id alone.
    expect(toToolName(long)).toBe(name);
  });

  it('keeps shortened names stable across versions: clients save them in their settings', () => {
    expect(
      toToolName('reports.quarterly_revenue_by_region_and_product_line.summary_for_the_board'),
    ).toBe('reports-quarterly_revenue_by_region_and_product_line-su_cd910841');
  });

  it('gives long ids that share their head different names', () => {
    const head = `shop.${'inventory_'.repeat(7)}`;
    const first = toToolName(`${head}restock`);
    const second = toToolName(`${head}recount`);
    expect(first).not.toBe(second);
    expect(first.slice(0, -9)).toBe(second.slice(0, -9));
  });

  it('does not end a shortened head on a separator', () => {
    const id = `${'a'.repeat(54)}.${'b'.repeat(20)}`;
    expect(toToolName(id)).toMatch(/^a{54}_[0-9a-f]{8}$/);
  });

  it('refuses ids that have no safe name, saying why and naming the id', () => {
    expect(reasonOf('')).toBe('empty');
    expect(reasonOf('my-module.resize')).toBe('reserved-hyphen');
    expect(reasonOf('image/resize')).toBe('invalid-characters');
    expect(reasonOf('émoji.tool')).toBe('invalid-characters');
    expect(() => toToolName('my-module.resize')).toThrow(/"my-module\.resize" contains a hyphen/);
    try {
      toToolName('image/resize');
    } catch (error) {
      expect(error).toMatchObject({
        code: 'INVALID_TOOL_NAME',
        details: { moduleId: 'image/resize', reason: 'invalid-characters' },
      });
    }
  });

  it('property: every valid module id gets a safe name, the same every time', () => {
    fc.assert(
      fc.property(moduleId, (id) => {
        const name = toToolName(id);
        expect(isSafeToolName(name)).toBe(true);
        expect(toToolName(id)).toBe(name);
        if (id.length <= MAX_TOOL_NAME_LENGTH) expect(name).toBe(id.replaceAll('.', '-'));
      }),
      { numRuns: 2_000 },
    );
  });

  it('property: distinct valid module ids get distinct names', () => {
    fc.assert(
      fc.property(moduleId, moduleId, (left, right) => {
        fc.pre(left !== right);
        expect(toToolName(left)).not.toBe(toToolName(right));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('toToolName, module-id', () => {
  it('names a module by its id, dots and length kept', () => {
    expect(toToolName('catalog.get_product', 'module-id')).toBe('catalog.get_product');
    const long = `a.${'b'.repeat(100)}`;
    expect(toToolName(long, 'module-id')).toBe(long);
  });

  it('still refuses an empty id', () => {
    expect(() => toToolName('', 'module-id')).toThrow(InvalidToolNameError);
  });
});

describe('isSafeToolName', () => {
  it('accepts what every common client accepts, nothing else', () => {
    expect(isSafeToolName('catalog-get_product')).toBe(true);
    expect(isSafeToolName('a'.repeat(64))).toBe(true);
    expect(isSafeToolName('a'.repeat(65))).toBe(false);
    expect(isSafeToolName('catalog.get_product')).toBe(false);
    expect(isSafeToolName('')).toBe(false);
  });
});
