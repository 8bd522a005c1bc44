// `tsx src/attached-host.ts --port N`: an application's own MCP server serving ./extensions and
// ./skills through attachToServer over Streamable HTTP, both revisions; announces its URL on
// stderr and serves until SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { serveAttached } from './attached-host/serve-attached.js';
import { EXTENSIONS_DIR, SKILLS_DIR } from './run-conformance.js';

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
const host = await serveAttached({
  extensionsDir: EXTENSIONS_DIR,
  skillsDir: SKILLS_DIR,
  port: Number(values.port),
});
process.stderr.write(`conformance host: serving at ${host.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void host.close().then(() => process.exit(0));
  });
}
