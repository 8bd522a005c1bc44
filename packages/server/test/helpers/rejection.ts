/**
 * The JSON-RPC error a request rejected with; fails the test when the request succeeded.
 *
 * @example
 * ```ts
 * expect((await rejection(client.getPrompt('nope'))).code).toBe(-32602);
 * ```
 */
export async function rejection(
  promise: Promise<unknown>,
): Promise<{ code: number; message: string; data?: unknown }> {
  return promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (caught: { code: number; message: string; data?: unknown }) => caught,
  );
}
