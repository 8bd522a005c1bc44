// The browser Tool Inspector served beside the MCP endpoint.

import { declareOption } from '../../kernel/option-declaration.js';
import { HTTP_TRANSPORTS } from '../../kernel/transports.js';
import {
  type InspectorOption,
  type ResolvedInspector,
  resolveInspector,
} from './inspector-option.js';

/**
 * The inspector options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * INSPECTOR_OPTIONS.inspector.defaultValue; // undefined: off
 * ```
 */
export const INSPECTOR_OPTIONS = {
  /**
   * Serve the browser Tool Inspector (package `@apcore-mcp/inspector`) on the HTTP transports,
   * at `prefix` (default `/inspector`): a page that speaks MCP to this server's endpoint as any
   * client does, through the same authentication, ACL and limits. `true` serves it read only;
   * `{ allowExecute: true }` lets it call tools. Default: off.
   */
  inspector: declareOption<InspectorOption, ResolvedInspector | undefined>({
    expected: 'a boolean or { prefix, allowExecute }',
    defaultValue: undefined,
    transports: HTTP_TRANSPORTS,
    otherTransports: 'refuse',
    refusal: (transport) => [
      { option: 'inspector' },
      ': the inspector is a web page served by ',
      { option: 'transport' },
      ` streamable-http or sse, not ${transport}`,
    ],
    resolve: resolveInspector,
    cli: [
      {
        key: 'inspector',
        kind: 'boolean',
        help: 'Serve the browser Tool Inspector at /inspector (streamable-http and sse); read only unless --inspector-allow-execute',
      },
      {
        key: 'inspector-prefix',
        kind: 'text',
        subKey: 'prefix',
        help: 'Path of the inspector page (turns --inspector on)',
      },
      {
        key: 'inspector-allow-execute',
        kind: 'boolean',
        subKey: 'allowExecute',
        help: 'Let the inspector page call tools (turns --inspector on); without it the server refuses its tools/call',
      },
    ],
  }),
};
