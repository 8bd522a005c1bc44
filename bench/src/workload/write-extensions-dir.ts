import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createModuleSpecs, type ModuleSpec } from './module-specs.js';

/** The language module files are written in: plain JavaScript, or TypeScript the CLI compiles. */
export type ModuleLanguage = 'js' | 'ts';

/** The handler as a module author would write it in each language. */
const EXECUTE_SOURCE: Record<ModuleLanguage, string> = {
  js: '  execute: (inputs) => ({ ok: true, id: String(inputs.id) }),',
  ts: '  execute: (inputs: { id?: unknown }): Output => ({ ok: true, id: String(inputs.id) }),',
};

/** The module file of one workload module, as a module author would write it. */
function moduleSource(spec: ModuleSpec, language: ModuleLanguage): string {
  const { moduleId: _moduleId, ...definition } = spec;
  const types =
    language === 'ts' ? ['', 'interface Output {', '  ok: boolean;', '  id: string;', '}'] : [];
  return [
    "import { defineModule } from '@apcore-mcp/core';",
    ...types,
    '',
    'export default defineModule({',
    `  ...${JSON.stringify(definition, null, 2).replaceAll('\n', '\n  ')},`,
    EXECUTE_SOURCE[language],
    '});',
    '',
  ].join('\n');
}

/** Where `@apcore-mcp/core` lives, as the bench itself resolves it. */
async function resolveCorePackage(): Promise<string> {
  const require = createRequire(import.meta.url);
  return realpath(dirname(require.resolve('@apcore-mcp/core/package.json')));
}

/**
 * Sets up a project in `root` with an extensions directory of `count` workload modules and
 * resolves to that directory (`root/extensions`): one file per module in `language`
 * (`group_3/tool_00003.js` or `.ts`, discovered as `group_3.tool_00003`), each importing
 * `defineModule` from `@apcore-mcp/core`, which resolves through `root/node_modules` to the
 * workspace's package, as in a project that installed it. TypeScript files carry type
 * annotations, so only a loader that compiles TypeScript can load them.
 *
 * @example
 * ```ts
 * const extensionsDir = await writeExtensionsDir('/tmp/project', 100, 'ts');
 * ```
 */
export async function writeExtensionsDir(
  root: string,
  count: number,
  language: ModuleLanguage = 'js',
): Promise<string> {
  await writeFile(join(root, 'package.json'), '{ "private": true, "type": "module" }\n');
  const scope = join(root, 'node_modules', '@apcore-mcp');
  await mkdir(scope, { recursive: true });
  await symlink(await resolveCorePackage(), join(scope, 'core'), 'dir');
  const extensionsDir = join(root, 'extensions');
  for (const spec of createModuleSpecs(count)) {
    const [group, file] = spec.moduleId.split('.') as [string, string];
    await mkdir(join(extensionsDir, group), { recursive: true });
    await writeFile(
      join(extensionsDir, group, `${file}.${language}`),
      moduleSource(spec, language),
    );
  }
  return extensionsDir;
}
