import { RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import { describe, expect, it } from 'vitest';
import { LEGACY_UI_RESOURCE_URI_KEY } from './ui-resource-uri-key.js';

describe('the flat UI resource key the tools carry', () => {
  it('is the one of @modelcontextprotocol/ext-apps', () => {
    expect(LEGACY_UI_RESOURCE_URI_KEY).toBe(RESOURCE_URI_META_KEY);
  });
});
