/**
 * An extensions directory with good modules in every supported flavour, broken files of every
 * kind, and files discovery must ignore. Keys are paths relative to the directory.
 */
export const GOOD_MODULE_FILES: Record<string, string> = {
  'package.json': JSON.stringify({ type: 'module' }),
  'text/upper.js': `export default {
  description: 'Upper-case a text',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: ({ text }) => ({ text: text.toUpperCase() }),
};
`,
  'text/lower.mjs': `export const module = {
  description: 'Lower-case a text',
  inputSchema: { type: 'object' },
  execute: ({ text }) => ({ text: String(text).toLowerCase() }),
};
`,
  'legacy.cjs': `module.exports = {
  description: 'A CommonJS module',
  inputSchema: { type: 'object' },
  execute: () => ({ legacy: true }),
};
`,
  'image/resize.ts': `import { scale } from './_helpers/scale.ts';

interface Inputs { width: number }

export default {
  description: 'Resize an image',
  inputSchema: { type: 'object', properties: { width: { type: 'integer' } }, required: ['width'] },
  execute: (inputs: Record<string, unknown>): Record<string, unknown> => {
    const { width } = inputs as unknown as Inputs;
    return { width: scale(width) };
  },
};
`,
  'image/_helpers/scale.ts': `export function scale(width: number): number {
  return width * 2;
}
`,
  'image/auto-crop.mts': `export default {
  description: 'Crop automatically',
  inputSchema: { type: 'object' },
  execute: (): Record<string, unknown> => ({ cropped: true }),
};
`,
  'named.ts': `export default {
  moduleId: 'tools.custom_name',
  description: 'Names its own id',
  inputSchema: { type: 'object' },
  execute: () => ({ named: true }),
};
`,
  'class-module.ts': `export default class ClassModule {
  readonly description = 'A module class';
  readonly inputSchema = { type: 'object' };
  execute(): Record<string, unknown> {
    return { fromClass: true };
  }
}
`,
};

/** Files that must be reported as failed, with a pattern their reason matches. */
export const BROKEN_MODULE_FILES: Record<string, { content: string; reason: RegExp }> = {
  'broken/syntax.js': { content: 'export default {{{\n', reason: /syntax|unexpected|parse/i },
  'broken/syntax.ts': {
    content: 'export default { a: };\n',
    reason: /syntax|unexpected|expected|error/i,
  },
  'broken/throws.ts': {
    content: "throw new Error('exploded at import');\n",
    reason: /exploded at import/,
  },
  'broken/no-export.js': { content: 'export const helper = 1;\n', reason: /exports no module/ },
  'broken/not-a-module.js': {
    content: "export default { description: 'no schema' };\n",
    reason: /inputSchema must be an object/,
  },
  'Bad/Name.js': {
    content: "export default { description: 'x', inputSchema: {}, execute: () => ({}) };\n",
    reason: /Invalid module id 'Bad\.Name'/,
  },
  'zz-dup/upper.js': {
    content:
      "export default { moduleId: 'text.upper', description: 'x', inputSchema: {}, execute: () => ({}) };\n",
    reason: /already registered: text\.upper/,
  },
};

/** Files discovery must not even try to load. */
export const IGNORED_FILES: Record<string, string> = {
  'README.md': '# not a module\n',
  'data.json': '{"a": 1}\n',
  'types.d.ts': 'export declare const x: number;\n',
  'text/upper.test.js': "throw new Error('tests are not modules');\n",
  'text/upper.spec.ts': "throw new Error('specs are not modules');\n",
  '_private.js': "throw new Error('private files are skipped');\n",
  '.hidden.js': "throw new Error('hidden files are skipped');\n",
  '_internal/tool.js': "throw new Error('private directories are skipped');\n",
  'node_modules/dep/index.js': "throw new Error('node_modules is skipped');\n",
};

/** The ids discovery registers from {@link GOOD_MODULE_FILES}, sorted. */
export const GOOD_MODULE_IDS = [
  'class_module',
  'image.auto_crop',
  'image.resize',
  'legacy',
  'text.lower',
  'text.upper',
  'tools.custom_name',
];
