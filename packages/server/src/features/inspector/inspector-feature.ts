import { defineServerFeature } from '../../feature-api/server-feature.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import type { ResolvedInspector } from './inspector-option.js';
import { INSPECTOR_OPTIONS } from './inspector-options.js';

/**
 * The browser Tool Inspector: its page (from `@apcore-mcp/inspector`, loaded only when on), and,
 * when it may not call tools, the mark on its own MCP requests and the refusal of their calls.
 *
 * @example
 * ```ts
 * const features = [INSPECTOR_FEATURE];
 * ```
 */
export const INSPECTOR_FEATURE = defineServerFeature({
  name: 'inspector',
  options: INSPECTOR_OPTIONS,
  checkOptions: ({ inspector }, frame) => refuseEndpointPath(inspector, frame.path),
  // Loaded only when on: a server without the inspector never loads its code.
  open: async ({ inspector }, frame) => {
    if (!inspector) return undefined;
    const { openInspector } = await import('./open-inspector.js');
    return openInspector(inspector, frame.logger);
  },
});

/** The inspector's page and the MCP endpoint cannot share a path: one would hide the other. */
function refuseEndpointPath(inspector: ResolvedInspector | undefined, path: string): void {
  const prefix = inspector?.prefix;
  if (prefix === undefined || (path !== prefix && !path.startsWith(`${prefix}/`))) return;
  throw new InvalidOptionError({
    option: 'inspector.prefix',
    value: prefix,
    expected: `a path other than the MCP endpoint ${path}`,
    sentence: [
      { option: 'inspector.prefix' },
      ` ${prefix} would hide the MCP endpoint `,
      { option: 'path' },
      ` ${path}: give the inspector a path of its own`,
    ],
  });
}
