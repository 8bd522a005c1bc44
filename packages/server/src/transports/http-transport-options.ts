import type { HttpEndpointOptions } from './http-handler.js';
import type { TlsOptions } from './tls-option.js';

/**
 * Options of the HTTP transports: where to listen, over TLS or not, and the endpoint's options.
 *
 * @example
 * ```ts
 * const options: HttpTransportOptions = { ...toHttpEndpointOptions(runtime, resolved, metrics), host: '0.0.0.0', port: 8000 };
 * ```
 */
export interface HttpTransportOptions extends HttpEndpointOptions {
  host: string;
  /** 0 picks a free port; the URL tells which. */
  port: number;
  tls?: TlsOptions | undefined;
}
