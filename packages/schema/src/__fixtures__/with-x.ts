/** A small string schema: the definition `X` of {@link withX}. */
export const STRING = { type: 'string', minLength: 1 };

/** A schema whose only definition `X` is `STRING`, with `body` spread into the root. */
export function withX(body: Record<string, unknown>): Record<string, unknown> {
  return { ...body, $defs: { X: STRING } };
}
