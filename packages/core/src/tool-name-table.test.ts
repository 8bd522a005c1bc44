import { describe, expect, it } from 'vitest';
import { ToolNameCollisionError } from './errors/tool-name-errors.js';
import { toToolName } from './tool-name.js';
import { ToolNameTable } from './tool-name-table.js';

describe('ToolNameTable', () => {
  it('maps names to modules and back, shortened names included', () => {
    const names = new ToolNameTable();
    const long = `reports.${'quarterly_'.repeat(8)}summary`;
    expect(names.add('catalog.get_product')).toBe('catalog-get_product');
    const shortened = names.add(long);
    expect(shortened).toBe(toToolName(long));
    expect(names.moduleIdOf(shortened)).toBe(long);
    expect(names.nameOf('catalog.get_product')).toBe('catalog-get_product');
    expect(names.moduleIdOf('catalog.get_product')).toBeUndefined();
    expect(names.size).toBe(2);
  });

  it('gives the same module the same name again', () => {
    const names = new ToolNameTable();
    expect(names.add('a.b')).toBe('a-b');
    expect(names.add('a.b')).toBe('a-b');
    expect(names.size).toBe(1);
  });

  it('refuses a name another module holds, naming both modules, and records nothing', () => {
    // Two ids longer than 64 characters with one head and one hash: found by search, kept here.
    const first = 'reports.quarterly_revenue_by_region_and_product_line.variant_v9tzx';
    const second = 'reports.quarterly_revenue_by_region_and_product_line.variant_vg1cd';
    expect(toToolName(first)).toBe(toToolName(second));
    const names = new ToolNameTable();
    const name = names.add(first);
    let caught: unknown;
    try {
      names.add(second);
    } catch (error) {
      caught = error;
    }
    expect(ToolNameCollisionError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({
      code: 'TOOL_NAME_COLLISION',
      details: { toolName: name, moduleIds: [first, second] },
    });
    expect((caught as Error).message).toContain(`"${first}" and "${second}"`);
    expect(names.moduleIdOf(name)).toBe(first);
    expect(names.nameOf(second)).toBeUndefined();
    expect(names.size).toBe(1);
  });

  it('frees a name on delete so another module can take it', () => {
    const names = new ToolNameTable();
    names.add('a.b');
    expect(names.delete('a.b')).toBe(true);
    expect(names.delete('a.b')).toBe(false);
    expect(names.moduleIdOf('a-b')).toBeUndefined();
    expect(names.size).toBe(0);
  });

  it('records a name chosen elsewhere (a display alias), and frees it when the module is renamed', () => {
    const names = new ToolNameTable();
    expect(names.add('image.resize', 'resize_photo')).toBe('resize_photo');
    expect(names.moduleIdOf('resize_photo')).toBe('image.resize');
    expect(() => names.add('image.crop', 'resize_photo')).toThrow(ToolNameCollisionError);
    expect(names.add('image.resize')).toBe('image-resize');
    expect(names.moduleIdOf('resize_photo')).toBeUndefined();
    expect(names.add('image.crop', 'resize_photo')).toBe('resize_photo');
  });
});
