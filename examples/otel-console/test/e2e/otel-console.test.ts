import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const exampleRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the otel-console example', () => {
  it('prints the spans of one traced call, all in the client trace', async () => {
    // The example as a user runs it: its own process, the console exporter writing to stdout.
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--conditions=@apcore-mcp/source', 'src/main.ts'],
      { cwd: exampleRoot, timeout: 60_000 },
    );
    const traceId = /Client trace id: ([0-9a-f]{32})/.exec(stdout)?.[1];
    expect(traceId).toBeDefined();
    expect(stdout).toContain(`Module trace id: ${traceId}`);
    expect(stdout).toContain('The call joined the client trace.');
    for (const name of [
      'tools/call greet-hello',
      'apcore.call greet.hello',
      'apcore.call greet.format',
    ]) {
      expect(stdout).toContain(`name: '${name}'`);
    }
    expect(stdout).toContain(`traceId: '${traceId}'`);
    expect(stdout).toContain("'gen_ai.tool.name': 'greet-hello'");
  });
});
