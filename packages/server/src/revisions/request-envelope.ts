import {
  CLIENT_CAPABILITIES_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ClientCapabilities } from '../kernel/call-extra.js';

/**
 * The protocol version a request names in its own `_meta` envelope (the SDK lifts the reserved
 * keys into `ctx.mcpReq.envelope`); `undefined` when it carries none.
 *
 * @example
 * ```ts
 * const version = envelopeVersionOf(ctx);
 * ```
 */
export function envelopeVersionOf(ctx: ServerContext): string | undefined {
  const version = envelopeOf(ctx)?.[PROTOCOL_VERSION_META_KEY];
  return typeof version === 'string' ? version : undefined;
}

/**
 * The client capabilities a request declares in its own `_meta` envelope, if any.
 *
 * @example
 * ```ts
 * const capabilities = envelopeCapabilitiesOf(ctx);
 * ```
 */
export function envelopeCapabilitiesOf(ctx: ServerContext): ClientCapabilities | undefined {
  const capabilities = envelopeOf(ctx)?.[CLIENT_CAPABILITIES_META_KEY];
  return typeof capabilities === 'object' && capabilities !== null
    ? (capabilities as ClientCapabilities)
    : undefined;
}

// Typed `{}` by the SDK: the reserved keys are read by name.
function envelopeOf(ctx: ServerContext): Record<string, unknown> | undefined {
  return ctx.mcpReq.envelope as Record<string, unknown> | undefined;
}
