// Installs the packed `@apcore-mcp/openai` into a fresh project, as a user would, and checks that
// it brings nothing third-party: the converters depend on the apcore contract and each other only
// (the shared `@apcore-mcp/tool-export` included, which it installs and the smoke script loads).
// A third-party dependency anywhere would make npm fetch one from the registry.
import { readPackedManifest, runScript, withPackedInstall } from './packed-install.mjs';

const PACKAGE = '@apcore-mcp/openai';
const OWN_SCOPE = '@apcore-mcp/';

/** Proves the installed packages work: one module becomes one OpenAI tool, and one shared tool. */
const SMOKE_SCRIPT = `
import { toOpenaiTools } from '${PACKAGE}';
import { exportTools } from '@apcore-mcp/tool-export';
const descriptor = {
  moduleId: 'image.resize', name: null, description: 'Resize an image', documentation: null,
  inputSchema: { type: 'object', properties: { width: { type: 'integer' } } }, outputSchema: {},
  version: '1.0.0', tags: [], annotations: null, examples: [], metadata: {},
};
const registry = { list: () => ['image.resize'], getDefinition: () => descriptor, on() {} };
const [tool] = toOpenaiTools(registry);
if (tool?.function?.name !== 'image-resize') throw new Error('unexpected tools: ' + JSON.stringify(tool));
const shared = exportTools(registry, {}, { provider: 'Test', build: (exported) => exported });
if (shared.tools[0]?.name !== tool.function.name) throw new Error('unexpected shared tools: ' + JSON.stringify(shared));
console.log('toOpenaiTools works from the installed package: ' + tool.function.name);
`;

/**
 * The third-party packages `@apcore-mcp/openai` and its workspace dependencies declare, read
 * from the tarballs: named even when npm could not reach the registry to fetch them.
 */
function declaredForeignDependencies(tarballs) {
  const foreign = new Set();
  const pending = [PACKAGE];
  const seen = new Set();
  while (pending.length > 0) {
    const name = pending.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    const { dependencies = {}, peerDependencies = {} } = readPackedManifest(tarballs[name]);
    for (const dependency of Object.keys({ ...dependencies, ...peerDependencies })) {
      if (dependency in tarballs) pending.push(dependency);
      else foreign.add(`${dependency} (declared by ${name})`);
    }
  }
  return [...foreign].sort();
}

/**
 * Installs `@apcore-mcp/openai` from `tarballs` (package name -> packed file) into a temporary
 * project; returns the problems found, none when only `@apcore-mcp/*` got installed and the
 * package works.
 */
export function checkConverterInstall(tarballs) {
  const declared = declaredForeignDependencies(tarballs);
  if (declared.length > 0) {
    return [`${PACKAGE} would install third-party packages: ${declared.join(', ')}`];
  }
  try {
    return withPackedInstall(tarballs, PACKAGE, (project, installed) => {
      const foreign = installed.filter((name) => !name.startsWith(OWN_SCOPE));
      if (foreign.length > 0) {
        return [`${PACKAGE} installs third-party packages: ${foreign.join(', ')}`];
      }
      runScript(project, SMOKE_SCRIPT);
      return [];
    });
  } catch (error) {
    return [`${PACKAGE} install check: ${error.message.split('\n')[0]}`];
  }
}
