import { describe, expect, it } from 'vitest';
import { loadServerFeatures } from './load-server-features.js';

describe('loadServerFeatures', () => {
  it('loads nothing when no option needs an optional package', async () => {
    const features = await loadServerFeatures({
      grouping: { toonDescriptions: false },
    });
    expect(features).toEqual({});
  });

  it('loads the TOON encoder for toonDescriptions', async () => {
    const { encodeTable } = await loadServerFeatures({ grouping: { toonDescriptions: true } });
    const row = { action: 'get', desc: 'Get one', required: 'id', destructive: false };
    expect(encodeTable?.({ actions: [row] })).toBe(
      'actions[1]{action,desc,required,destructive}:\n  get,Get one,id,false',
    );
  });
});
