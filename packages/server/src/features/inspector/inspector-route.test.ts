import { describe, expect, it } from 'vitest';
import { endpointFromPage, isInspectorPath } from './inspector-route.js';

describe('the inspector route', () => {
  it('owns its prefix and what is under it, nothing that merely starts alike', () => {
    expect(isInspectorPath('/inspector', '/inspector')).toBe(true);
    expect(isInspectorPath('/inspector/inspector.css', '/inspector')).toBe(true);
    expect(isInspectorPath('/inspectorx', '/inspector')).toBe(false);
    expect(isInspectorPath('/mcp', '/inspector')).toBe(false);
  });

  it('names the endpoint relative to the page, however deep the prefix', () => {
    const resolve = (prefix: string, path: string) =>
      new URL(endpointFromPage(prefix, path), `https://host.test/api${prefix}/`).pathname;
    expect(endpointFromPage('/inspector', '/mcp')).toBe('../mcp');
    expect(resolve('/inspector', '/mcp')).toBe('/api/mcp');
    expect(resolve('/dev/tools/inspector', '/v1/mcp')).toBe('/api/v1/mcp');
    expect(resolve('/inspector', '/sse')).toBe('/api/sse');
  });
});
