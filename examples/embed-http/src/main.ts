// `pnpm start`: mounts MCP in a plain http server, checks it with the SDK client, exits 1 if wrong.
import { runSelfCheck } from './self-check.js';

try {
  await runSelfCheck((line) => console.log(line));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
