import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const exampleRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('the attach-to-server example', () => {
  it("serves the application's tool and the registry's tools from one server", async () => {
    // The example as a user runs it: its own process, which spawns the server over stdio.
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--conditions=@apcore-mcp/source', 'src/main.ts'],
      { cwd: exampleRoot, timeout: 60_000 },
    );
    expect(stdout).toContain('Tools: app_status, notes-add, notes-list');
    expect(stdout).toMatch(/app_status -> up \d+ ms/);
    expect(stdout).toContain('notes-list -> {"notes":["buy milk"]}');
    expect(stdout).toContain('notes-add with an empty text -> Input validation failed:');
    expect(stdout).toContain('Both kinds of tools served side by side.');
  });
});
