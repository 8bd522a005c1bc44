import type { ChildProcess } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killProcessGroup, spawnTracked } from '@apcore-mcp/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../helpers/fixture-path.js';

const started = new Set<ChildProcess>();
let installed: string;

/**
 * An install of the built server with every one of its dependencies but @apcore-mcp/auth, as
 * `npm install @apcore-mcp/server` leaves it: the server is copied (a symlink would resolve
 * back to the workspace, where the package is linked) and its dependencies are linked beside it.
 */
function installWithoutAuthPackage(): string {
  const root = mkdtempSync(join(tmpdir(), 'server-without-auth-'));
  const modules = join(root, 'node_modules');
  const server = join(modules, '@apcore-mcp', 'server');
  mkdirSync(server, { recursive: true });
  cpSync(join(SERVER_ROOT, 'package.json'), join(server, 'package.json'));
  cpSync(join(SERVER_ROOT, 'dist'), join(server, 'dist'), { recursive: true });
  const workspaceModules = join(SERVER_ROOT, 'node_modules');
  for (const entry of readdirSync(workspaceModules)) {
    if (entry.startsWith('.')) continue;
    const names = entry.startsWith('@')
      ? readdirSync(join(workspaceModules, entry)).map((name) => `${entry}/${name}`)
      : [entry];
    for (const name of names) {
      if (name === '@apcore-mcp/auth' || name === '@apcore-mcp/server') continue;
      mkdirSync(join(modules, name, '..'), { recursive: true });
      symlinkSync(realpathSync(join(workspaceModules, name)), join(modules, name));
    }
  }
  writeFileSync(
    join(root, 'start.mjs'),
    `import { Registry } from '@apcore-mcp/runtime';
import { startServer } from '@apcore-mcp/server';

const auth = process.argv[2] === 'auth' ? { secret: 'a shared secret of at least 32 bytes' } : undefined;
try {
  const server = await startServer(new Registry(), { transport: 'streamable-http', port: 0, auth });
  console.log(JSON.stringify({ listening: server.url }));
  await server.close();
} catch (error) {
  console.log(JSON.stringify({ code: error.code, message: error.message }));
}
`,
  );
  return root;
}

/** Runs the start script in the install; resolves with what it printed last on stdout. */
function start(mode: 'auth' | 'no-auth'): Promise<Record<string, unknown>> {
  const child = spawnTracked(process.execPath, [join(installed, 'start.mjs'), mode], {
    cwd: installed,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.on('exit', () => {
      started.delete(child);
      const last = stdout.trim().split('\n').at(-1);
      if (last === undefined || last === '') reject(new Error(`No answer; stderr: ${stderr}`));
      else resolve(JSON.parse(last) as Record<string, unknown>);
    });
  });
}

// A server started with `auth` and without @apcore-mcp/auth says what to install before it
// serves anything, not with the first request that carries a token.
describe('a server installed without @apcore-mcp/auth', () => {
  beforeAll(() => {
    installed = installWithoutAuthPackage();
  });

  afterAll(() => {
    for (const child of started) killProcessGroup(child.pid);
    rmSync(installed, { recursive: true, force: true });
  });

  it('starts without the auth option', async () => {
    expect(await start('no-auth')).toEqual({ listening: expect.stringMatching(/^http:\/\//) });
  });

  it('fails to start with the auth option, naming the package to install', async () => {
    expect(await start('auth')).toEqual({
      code: 'MISSING_PACKAGE',
      message: 'the auth option needs the @apcore-mcp/auth package: npm install @apcore-mcp/auth',
    });
  });
});
