// Installs each packed converter (`@apcore-mcp/openai`, `@apcore-mcp/anthropic`,
// `@apcore-mcp/gemini`) into a fresh project, as a user would, and checks that it brings nothing third-party: the converters depend
// on the apcore contract and each other only (the shared `@apcore-mcp/tool-export` included, which
// they install and the smoke scripts load). A third-party dependency anywhere would make npm
// fetch one from the registry.
import { readPackedManifest, runScript, withPackedInstall } from './packed-install.mjs';

const OWN_SCOPE = '@apcore-mcp/';

/** A module descriptor and a registry holding it, as the smoke scripts' source text. */
const SMOKE_REGISTRY = `
const descriptor = {
  moduleId: 'image.resize', name: null, description: 'Resize an image', documentation: null,
  inputSchema: { type: 'object', properties: { width: { type: 'integer' } } }, outputSchema: {},
  version: '1.0.0', tags: [], annotations: null, examples: [], metadata: {},
};
const registry = { list: () => ['image.resize'], getDefinition: () => descriptor, on() {} };
`;

/** Each converter and the script proving its installed copy works. */
const CONVERTERS = {
  // One module becomes one OpenAI tool, and one shared tool.
  '@apcore-mcp/openai': `
import { toOpenaiTools } from '@apcore-mcp/openai';
import { exportTools } from '@apcore-mcp/tool-export';
${SMOKE_REGISTRY}
const [tool] = toOpenaiTools(registry);
if (tool?.function?.name !== 'image-resize') throw new Error('unexpected tools: ' + JSON.stringify(tool));
const shared = exportTools(registry, {}, { provider: 'Test', build: (exported) => exported });
if (shared.tools[0]?.name !== tool.function.name) throw new Error('unexpected shared tools: ' + JSON.stringify(shared));
console.log('toOpenaiTools works from the installed package: ' + tool.function.name);
`,
  // One module becomes one checked Anthropic tool, in strict mode.
  '@apcore-mcp/anthropic': `
import { checkAnthropicTool, toAnthropicTools } from '@apcore-mcp/anthropic';
${SMOKE_REGISTRY}
const [tool] = toAnthropicTools(registry, { strict: true });
if (tool?.name !== 'image-resize' || checkAnthropicTool(tool).length > 0) throw new Error('unexpected tools: ' + JSON.stringify(tool));
console.log('toAnthropicTools works from the installed package: ' + tool.name);
`,
  // One module becomes one Gemini declaration, in both schema fields.
  '@apcore-mcp/gemini': `
import { toGeminiTools } from '@apcore-mcp/gemini';
${SMOKE_REGISTRY}
const [declaration] = toGeminiTools(registry);
const [openApi] = toGeminiTools(registry, { schemaField: 'parameters' });
if (declaration?.parametersJsonSchema?.type !== 'object' || openApi?.parameters?.type !== 'OBJECT')
  throw new Error('unexpected declarations: ' + JSON.stringify([declaration, openApi]));
console.log('toGeminiTools works from the installed package: ' + declaration.name);
`,
};

/**
 * The third-party packages a converter and its workspace dependencies declare, read
 * from the tarballs: named even when npm could not reach the registry to fetch them.
 */
function declaredForeignDependencies(tarballs, converter) {
  const foreign = new Set();
  const pending = [converter];
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
 * Installs `converter` from `tarballs` (package name -> packed file) into a temporary project;
 * returns the problems found, none when only `@apcore-mcp/*` got installed and it works.
 */
function checkOneConverter(tarballs, converter, smokeScript) {
  const declared = declaredForeignDependencies(tarballs, converter);
  if (declared.length > 0) {
    return [`${converter} would install third-party packages: ${declared.join(', ')}`];
  }
  try {
    return withPackedInstall(tarballs, converter, (project, installed) => {
      const foreign = installed.filter((name) => !name.startsWith(OWN_SCOPE));
      if (foreign.length > 0) {
        return [`${converter} installs third-party packages: ${foreign.join(', ')}`];
      }
      runScript(project, smokeScript);
      return [];
    });
  } catch (error) {
    return [`${converter} install check: ${error.message.split('\n')[0]}`];
  }
}

/** Every converter's install check; the problems found, none when all is well. */
export function checkConverterInstall(tarballs) {
  return Object.entries(CONVERTERS).flatMap(([converter, smokeScript]) =>
    checkOneConverter(tarballs, converter, smokeScript),
  );
}
