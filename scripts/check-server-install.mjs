// Installs the packed `@apcore-mcp/server` alone into a fresh project, as a user would, and
// checks that none of the optional features' libraries come with it (each lives in a package of
// its own), that it serves, and that an option needing a missing package fails at start naming
// the package to install.
import { runScript, withPackedInstall } from './packed-install.mjs';

const PACKAGE = '@apcore-mcp/server';

/** The optional features' packages and their libraries: none may be installed with the server. */
export const OPTIONAL_PACKAGES = [
  '@apcore-mcp/auth',
  '@apcore-mcp/events-redis',
  '@apcore-mcp/observability',
  '@apcore-mcp/redis',
  '@apcore-mcp/search',
  '@apcore-mcp/tasks',
  '@apcore-mcp/toon',
  '@apcore-mcp/webhooks',
  '@opentelemetry/api',
  '@toon-format/toon',
  'bullmq',
  'ioredis',
  'jose',
  'minisearch',
  'prom-client',
  'standardwebhooks',
];

/** Serves one module over Streamable HTTP and lists it; then asks for tool search without its package. */
const SMOKE_SCRIPT = `
import { Registry } from '@apcore-mcp/runtime';
import { MissingPackageError, startServer } from '${PACKAGE}';
const registry = new Registry();
registry.register('math.add', {
  description: 'Adds two integers.',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } },
  execute: ({ a, b }) => ({ sum: a + b }),
});
const server = await startServer(registry, { transport: 'streamable-http', port: 0, logLevel: 'error' });
try {
  const health = await (await fetch(new URL('/health', server.url))).json();
  if (health.tools !== 1) throw new Error('unexpected health: ' + JSON.stringify(health));
  console.log('the installed server serves: ' + server.tools.map((tool) => tool.name).join(', '));
} finally {
  await server.close();
}
try {
  await startServer(registry, { transport: 'streamable-http', port: 0, logLevel: 'error', toolSearch: true });
  throw new Error('toolSearch started without @apcore-mcp/search');
} catch (error) {
  if (!MissingPackageError.isInstance(error)) throw error;
  if (error.packageName !== '@apcore-mcp/search') throw error;
  console.log('without its package, toolSearch fails at start: ' + error.message);
}
`;

/**
 * Installs `@apcore-mcp/server` from `tarballs` (package name -> packed file) with its runtime
 * next to it; returns the problems found, none when no optional library came with it and the
 * installed server serves.
 */
export function checkServerInstall(tarballs) {
  try {
    return withPackedInstall(tarballs, PACKAGE, (project, installed) => {
      const optional = installed.filter((name) => OPTIONAL_PACKAGES.includes(name));
      if (optional.length > 0) {
        return [`${PACKAGE} installs optional features' packages: ${optional.join(', ')}`];
      }
      runScript(project, SMOKE_SCRIPT);
      return [];
    });
  } catch (error) {
    return [`${PACKAGE} install check: ${error.message.split('\n')[0]}`];
  }
}
