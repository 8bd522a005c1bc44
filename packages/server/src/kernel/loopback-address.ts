/**
 * Whether a bind address only listens on the loopback interface (what the server warns about
 * without authentication, and what `apcore-mcp dev` insists on).
 *
 * @example
 * ```ts
 * isLoopbackAddress('127.0.0.1'); // true
 * isLoopbackAddress('0.0.0.0'); // false
 * ```
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const normalized = address.toLowerCase().replace(/^::ffff:/, '');
  return (
    normalized === 'localhost' ||
    normalized === '::1' ||
    normalized === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(normalized)
  );
}
