// Apart from the refusals: the option table reads the defaults without loading the SDK.

/**
 * The default `maxSubscriptionsPerSession`: resources one 2025-11-25 session may be subscribed
 * to at once, and URIs one 2026-07-28 listen stream may ask for. A client watches a handful;
 * 100 URIs of the longest allowed length are about 200 KB a session.
 *
 * @example
 * ```ts
 * await serve(registry, { maxSubscriptionsPerSession: DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION * 2 });
 * ```
 */
export const DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION = 100;

/**
 * The default `maxResourceUriLength`: 2048 characters, the URL length the web has long kept to;
 * the server's own URIs (`docs://`, `ui://`, `skill://`) are far shorter.
 *
 * @example
 * ```ts
 * await serve(registry, { maxResourceUriLength: DEFAULT_MAX_RESOURCE_URI_LENGTH * 4 });
 * ```
 */
export const DEFAULT_MAX_RESOURCE_URI_LENGTH = 2048;
