// The public API of @apcore-mcp/inspector: named exports only. What the server needs to serve
// the page; the page itself is a built bundle under dist/assets.
export { type InspectorAsset, type InspectorAssets, loadInspectorAssets } from './assets.js';
export { INSPECTOR_CONTENT_SECURITY_POLICY } from './content-security-policy.js';
export type { InspectorPageConfig, NotServedEntry } from './page-config.js';
