import { isRecord, type ModuleDescriptor, SAFE_TOOL_NAME_PATTERN } from '@apcore-mcp/core/bridge';

/**
 * How a module is shown as an MCP tool when its author says so: the contract's display overlay
 * (`display.mcp`, read from `descriptor.display.mcp`, else `descriptor.metadata.display.mcp`).
 */
export interface DisplayOverlay {
  /** The tool name instead of the one the module id gives. */
  alias?: string;
  /** The tool description instead of the module's. */
  description?: string;
  /** Advice for the model, appended to the description as `\n\nGuidance: <text>`. */
  guidance?: string;
}

function readText(overlay: Record<string, unknown>, key: keyof DisplayOverlay): string | undefined {
  const value = overlay[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') {
    throw new Error(`display.mcp.${key} must be a string, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * The module's display overlay for MCP; `{}` when it has none. An alias is checked like any
 * tool name (`^[a-zA-Z0-9_-]{1,64}$`, what every common client accepts).
 *
 * @throws {Error} saying which field is wrong: the module is then not served.
 * @example
 * ```ts
 * readDisplayOverlay({ ...descriptor, metadata: { display: { mcp: { alias: 'resize' } } } });
 * // { alias: 'resize' }
 * ```
 */
export function readDisplayOverlay(descriptor: ModuleDescriptor): DisplayOverlay {
  const ownDisplay = (descriptor as { display?: unknown }).display;
  const display = isRecord(ownDisplay) ? ownDisplay : descriptor.metadata?.display;
  const overlay = isRecord(display) ? display.mcp : undefined;
  if (overlay === undefined || overlay === null) return {};
  if (!isRecord(overlay)) throw new Error('display.mcp must be an object');
  const alias = readText(overlay, 'alias');
  if (alias !== undefined && !SAFE_TOOL_NAME_PATTERN.test(alias)) {
    throw new Error(
      `display.mcp.alias "${alias}" is not a valid tool name (^[a-zA-Z0-9_-]{1,64}$)`,
    );
  }
  const description = readText(overlay, 'description');
  const guidance = readText(overlay, 'guidance');
  return {
    ...(alias === undefined ? {} : { alias }),
    ...(description === undefined ? {} : { description }),
    ...(guidance === undefined ? {} : { guidance }),
  };
}
