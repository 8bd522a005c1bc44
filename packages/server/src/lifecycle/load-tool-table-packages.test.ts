import { describe, expect, it } from 'vitest';
import { loadToolTablePackages } from './load-tool-table-packages.js';

describe('loadToolTablePackages', () => {
  it('loads nothing when no option needs an optional package', async () => {
    const features = await loadToolTablePackages({
      grouping: { toonDescriptions: false },
    });
    expect(features).toEqual({});
  });

  it('loads the TOON encoder for toonDescriptions', async () => {
    const { encodeTable } = await loadToolTablePackages({ grouping: { toonDescriptions: true } });
    const row = { action: 'get', desc: 'Get one', required: 'id', destructive: false };
    expect(encodeTable?.({ actions: [row] })).toBe(
      'actions[1]{action,desc,required,destructive}:\n  get,Get one,id,false',
    );
  });
});
