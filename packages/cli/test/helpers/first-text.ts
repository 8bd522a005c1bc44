/** The text of a tool result's first content block; throws when it has none. */
export function firstText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content;
  const block = content?.[0];
  if (block?.type !== 'text' || block.text === undefined) throw new Error('no text content');
  return block.text;
}
