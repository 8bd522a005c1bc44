// Resolves the conformance suite's own imports of `fs` to fs-with-glob.mjs; nothing else.
const shim = new URL('./fs-with-glob.mjs', import.meta.url).href;
export async function resolve(specifier, context, next) {
  if (
    (specifier === 'fs' || specifier === 'node:fs') &&
    context.parentURL?.includes('/@modelcontextprotocol/conformance/')
  ) {
    return { url: shim, shortCircuit: true };
  }
  return next(specifier, context);
}
