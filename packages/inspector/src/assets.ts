import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_PLACEHOLDER, embedConfig, type InspectorPageConfig } from './page-config.js';

/**
 * A static file of the page, ready to send.
 *
 * @example
 * ```ts
 * const script: InspectorAsset | undefined = assets.asset('inspector.js');
 * ```
 */
export interface InspectorAsset {
  body: Uint8Array;
  contentType: string;
}

/**
 * The page and its static files, held in memory.
 *
 * @example
 * ```ts
 * const assets = await loadInspectorAssets();
 * const html = assets.page({ endpoint: '/mcp', transport: 'streamable-http', allowExecute: true, authRequired: false });
 * ```
 */
export interface InspectorAssets {
  /** The page's HTML, with `config` embedded as JSON in
   *  <script type="application/json" id="apcore-inspector-config"> (every `<` escaped as \u003c). */
  page(config: InspectorPageConfig): string;
  /** A static file by its name relative to the page ('inspector.js', 'inspector.css', ...);
   *  undefined for any other name (no path traversal: only names from the built asset list). */
  asset(name: string): InspectorAsset | undefined;
}

/** The HTML template among the built files: served through `page()`, never as an asset. */
const TEMPLATE_NAME = 'index.html';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** Where the build writes the page, from `src/` and `dist/` alike (both sit in the package root). */
const BUILT_ASSETS_DIRECTORY = fileURLToPath(new URL('../dist/assets/', import.meta.url));

/**
 * Reads the built assets (dist/assets) once, into memory.
 *
 * @throws {Error} when the package was not built (no `dist/assets/index.html`).
 * @example
 * ```ts
 * const assets = await loadInspectorAssets();
 * assets.asset('inspector.js')?.contentType; // 'text/javascript; charset=utf-8'
 * ```
 */
export function loadInspectorAssets(): Promise<InspectorAssets> {
  return readInspectorAssets(BUILT_ASSETS_DIRECTORY);
}

/**
 * Reads the page's files from `directory` (its top level only) into memory.
 *
 * @example
 * ```ts
 * const assets = await readInspectorAssets('/path/to/dist/assets');
 * ```
 */
export async function readInspectorAssets(directory: string): Promise<InspectorAssets> {
  const entries = await readdir(directory, { withFileTypes: true });
  const files = new Map<string, InspectorAsset>();
  let template: string | undefined;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const body = new Uint8Array(await readFile(join(directory, entry.name)));
    if (entry.name === TEMPLATE_NAME) template = new TextDecoder().decode(body);
    else files.set(entry.name, { body, contentType: contentTypeOf(entry.name) });
  }
  if (template === undefined || !template.includes(CONFIG_PLACEHOLDER)) {
    throw new Error(`the inspector page is not built: no ${TEMPLATE_NAME} in ${directory}`);
  }
  const html = template;
  return {
    page: (config) => html.replace(CONFIG_PLACEHOLDER, () => embedConfig(config)),
    // Only names read from the directory answer: '../x', 'a/b' or '' can never be keys.
    asset: (name) => files.get(name),
  };
}

function contentTypeOf(name: string): string {
  return CONTENT_TYPES[extname(name)] ?? 'application/octet-stream';
}
