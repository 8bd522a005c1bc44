import { INSPECTOR_CONTENT_SECURITY_POLICY } from '@apcore-mcp/inspector';
import { describe, expect, it } from 'vitest';
import type { InspectorPageConfig } from '../inspector/inspector-assets.js';
import { loadServerFeatures } from './load-server-features.js';

describe('loadServerFeatures', () => {
  it('loads nothing when no option needs an optional package', async () => {
    const features = await loadServerFeatures({
      grouping: { toonDescriptions: false },
      toolSearch: false,
    });
    expect(features).toEqual({});
  });

  it('loads the TOON encoder for toonDescriptions and the index for toolSearch', async () => {
    const { encodeTable, createToolIndex } = await loadServerFeatures({
      grouping: { toonDescriptions: true },
      toolSearch: true,
    });
    const row = { action: 'get', desc: 'Get one', required: 'id', destructive: false };
    expect(encodeTable?.({ actions: [row] })).toBe(
      'actions[1]{action,desc,required,destructive}:\n  get,Get one,id,false',
    );
    const index = createToolIndex?.([{ id: 'crm-lookup', name: 'crm-lookup' }]);
    expect(index?.search({ text: 'lookup', limit: 5 })).toEqual(['crm-lookup']);
  });

  it('reads the inspector page into memory for inspector, with its settings', async () => {
    const { inspector } = await loadServerFeatures({
      grouping: { toonDescriptions: false },
      toolSearch: false,
      inspector: { prefix: '/inspector', allowExecute: true },
    });
    expect(inspector).toMatchObject({
      prefix: '/inspector',
      allowExecute: true,
      contentSecurityPolicy: INSPECTOR_CONTENT_SECURITY_POLICY,
    });
    const config: InspectorPageConfig = {
      endpoint: '../mcp',
      transport: 'sse',
      allowExecute: true,
      authRequired: false,
    };
    expect(inspector?.assets.page(config)).toContain('"transport":"sse"');
    expect(inspector?.assets.asset('inspector.js')?.contentType).toMatch(/javascript/);
  });
});
