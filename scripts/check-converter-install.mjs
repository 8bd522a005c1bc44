// Installs each packed model-API converter (`@apcore-mcp/openai`, `@apcore-mcp/anthropic`) into a
// fresh project, as a user would, and checks that it brings nothing third-party: the converters
// depend on the apcore contract and each other only (the shared `@apcore-mcp/tool-export`
// included, which they install and the smoke scripts load). A third-party dependency anywhere
// would make npm fetch one from the registry.
import { readPackedManifest, runScript, withPackedInstall } from './packed-install.mjs';

const OWN_SCOPE = '@apcore-mcp/';

/** Proves the installed packages work: one module becomes one OpenAI tool, and one shared tool. */
const OPENAI_SMOKE_SCRIPT = `
import { toOpenaiTools } from '@apcore-mcp/openai';
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

/** Proves the installed package works: one module becomes one checked Anthropic tool. */
const ANTHROPIC_SMOKE_SCRIPT = `
import { checkAnthropicTool, toAnthropicTools } from '@apcore-mcp/anthropic';
const descriptor = {
  moduleId: 'image.resize', name: null, description: 'Resize an image', documentation: null,
  inputSchema: { type: 'object', properties: { width: { type: 'integer' } } }, outputSchema: {},
  version: '1.0.0', tags: [], annotations: null, examples: [], metadata: {},
};
const registry = { list: () => ['image.resize'], getDefinition: () => descriptor, on() {} };
const [tool] = toAnthropicTools(registry, { strict: true });
if (tool?.name !== 'image-resize' || checkAnthropicTool(tool).length > 0) throw new Error('unexpected tools: ' + JSON.stringify(tool));
console.log('toAnthropicTools works from the installed package: ' + tool.name);
`;

/** Each converter checked, with the script that proves it works once installed. */
const CONVERTERS = [
  { name: '@apcore-mcp/openai', smokeScript: OPENAI_SMOKE_SCRIPT },
  { name: '@apcore-mcp/anthropic', smokeScript: ANTHROPIC_SMOKE_SCRIPT },
];

/**
 * The third-party packages a converter and its workspace dependencies declare, read from the
 * tarballs: named even when npm could not reach the registry to fetch them.
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

/** Installs one converter alone; returns the problems found. */
function checkOneConverter(tarballs, { name, smokeScript }) {
  const declared = declaredForeignDependencies(tarballs, name);
  if (declared.length > 0) {
    return [`${name} would install third-party packages: ${declared.join(', ')}`];
  }
  try {
    return withPackedInstall(tarballs, name, (project, installed) => {
      const foreign = installed.filter((entry) => !entry.startsWith(OWN_SCOPE));
      if (foreign.length > 0) {
        return [`${name} installs third-party packages: ${foreign.join(', ')}`];
      }
      runScript(project, smokeScript);
      return [];
    });
  } catch (error) {
    return [`${name} install check: ${error.message.split('\n')[0]}`];
  }
}

/**
 * Installs each converter from `tarballs` (package name -> packed file) into a temporary
 * project of its own; returns the problems found, none when only `@apcore-mcp/*` got installed
 * and every converter works.
 */
export function checkConverterInstall(tarballs) {
  return CONVERTERS.flatMap((converter) => checkOneConverter(tarballs, converter));
}
