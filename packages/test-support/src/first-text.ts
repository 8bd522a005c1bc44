/**
 * The text of a tool result's first content block; throws when it has none, so a test fails
 * at the result that is wrong rather than at a later comparison.
 *
 * @example
 * ```ts
 * expect(JSON.parse(firstText(await client.callTool({ name: 'math-add', arguments })))).toEqual({ sum: 3 });
 * ```
 */
export function firstText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content;
  const block = content?.[0];
  if (block?.type !== 'text' || block.text === undefined) throw new Error('no text content');
  return block.text;
}
