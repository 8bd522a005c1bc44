import { EXTENSION_ID, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import { describe, expect, it } from 'vitest';
import { APP_RESOURCE_MIME_TYPE, APPS_EXTENSION_ID } from './apps-extension.js';

describe('the MCP Apps names the server writes out', () => {
  it('are the ones of @modelcontextprotocol/ext-apps', () => {
    expect(APPS_EXTENSION_ID).toBe(EXTENSION_ID);
    expect(APP_RESOURCE_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
  });
});
