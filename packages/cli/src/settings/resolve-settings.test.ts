import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { problemsOf, useTempDir } from '../__fixtures__/settings-dir.js';
import { resolveSettings } from './resolve-settings.js';

const SERVER_VERSION = (
  createRequire(import.meta.url)('@apcore-mcp/server/package.json') as { version: string }
).version;

const tempDir = useTempDir();

describe('resolveSettings', () => {
  it('fills the defaults of the option table, and asks the server for nothing', async () => {
    const dir = tempDir.current();
    const { values, serveOptions, configFile, sources } = await resolveSettings({
      flags: {},
      io: { env: {}, cwd: dir },
    });
    expect(configFile).toBeUndefined();
    expect(values).toMatchObject({
      transport: 'stdio',
      host: '127.0.0.1',
      port: 8000,
      name: 'apcore-mcp',
      'server-version': SERVER_VERSION,
      'log-level': 'INFO',
      'tool-names': 'safe',
      grouping: 'none',
      'max-tools': 40,
      'toon-descriptions': false,
      'validate-inputs': false,
      'tool-search': false,
      watch: false,
      metrics: false,
      usage: false,
      tracing: false,
      'max-sessions': 1000,
      'session-idle-timeout': 1800,
      approval: 'elicit',
      'auth-roles-claim': 'roles',
      'auth-audience-any': false,
    });
    for (const key of ['extensions-dir', 'tags', 'prefix', 'metrics-port', 'ledger', 'store']) {
      expect(values[key], key).toBeUndefined();
    }
    expect(sources.port).toEqual({ kind: 'default' });
    // The server fills in its own defaults: passing them would only repeat them.
    expect(serveOptions).toEqual({});
  });

  it('asks the server for what was given, in its units and shapes', async () => {
    const dir = tempDir.current();
    const { serveOptions } = await resolveSettings({
      flags: { sessionIdleTimeout: '60', watch: true, allowedOrigins: '*' },
      io: {
        env: { APCORE_MCP_USAGE_ADMIN_ROLE: 'admin', APCORE_MCP_LOG_LEVEL: 'debug' },
        cwd: dir,
      },
    });
    expect(serveOptions).toEqual({
      sessionIdleTimeoutMs: 60_000,
      dynamic: true,
      allowedOrigins: ['*'],
      usage: { adminRoles: ['admin'] },
      logLevel: 'DEBUG',
    });
  });

  it('climbs the management ladder: --sys-modules, then --sys-control', async () => {
    const cwd = tempDir.current();
    const read = await resolveSettings({ flags: { sysModules: true }, io: { env: {}, cwd } });
    expect(read.serveOptions).toEqual({ sysModules: true });
    const all = await resolveSettings({ flags: { sysControl: true }, io: { env: {}, cwd } });
    expect(all.serveOptions).toEqual({ sysModules: { control: true } });
  });

  it('reads apcore-mcp.yaml from the working directory, keys in any of three spellings', async () => {
    const dir = tempDir.current();
    await writeFile(
      join(dir, 'apcore-mcp.yaml'),
      'extensions_dir: ./ext\ntransport: streamable-http\nport: 9100\nserverVersion: 1.0\ntags: [a, b]\nwatch: yes\n',
    );
    const { values, configFile, sources } = await resolveSettings({
      flags: {},
      io: { env: {}, cwd: dir },
    });
    expect(configFile).toBe(join(dir, 'apcore-mcp.yaml'));
    expect(values).toMatchObject({
      'extensions-dir': join(dir, 'ext'),
      transport: 'streamable-http',
      port: 9100,
      'server-version': '1.0',
      tags: ['a', 'b'],
      watch: true,
    });
    expect(sources.port).toEqual({ kind: 'file', path: 'apcore-mcp.yaml', writtenKey: 'port' });
  });

  it('reads metrics from the file, APCORE_MCP_METRICS and --metrics-port', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'metrics: true\n');
    const fromFile = await resolveSettings({ flags: {}, io: { env: {}, cwd: dir } });
    expect(fromFile.values).toMatchObject({ metrics: true, 'metrics-port': undefined });
    const fromEnv = await resolveSettings({
      flags: { metricsPort: '9464' },
      io: { env: { APCORE_MCP_METRICS: 'false' }, cwd: dir },
    });
    expect(fromEnv.values).toMatchObject({ metrics: false, 'metrics-port': 9464 });
    expect(fromEnv.sources.metrics).toEqual({ kind: 'env', name: 'APCORE_MCP_METRICS' });
  });

  it('lets environment variables override the file, and flags override both', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'port: 9100\nname: from-file\nhost: 0.0.0.0\n');
    const { values, sources } = await resolveSettings({
      flags: { name: 'from-flag', port: '9300' },
      io: { env: { APCORE_MCP_PORT: '9200', APCORE_MCP_NAME: 'from-env' }, cwd: dir },
    });
    expect(values).toMatchObject({ port: 9300, name: 'from-flag', host: '0.0.0.0' });
    expect(sources.port).toEqual({ kind: 'flag', flag: '--port' });
    const withoutFlags = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_PORT: '9200' }, cwd: dir },
    });
    expect(withoutFlags.values).toMatchObject({ port: 9200, name: 'from-file' });
    expect(withoutFlags.sources.port).toEqual({ kind: 'env', name: 'APCORE_MCP_PORT' });
  });

  it('reads toolNames from the file, APCORE_MCP_TOOL_NAMES and --tool-names, checking the value', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'toolNames: module-id\n');
    const fromFile = await resolveSettings({ flags: {}, io: { env: {}, cwd: dir } });
    expect(fromFile.values['tool-names']).toBe('module-id');
    const fromEnv = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_TOOL_NAMES: 'SAFE' }, cwd: dir },
    });
    expect(fromEnv.values['tool-names']).toBe('safe');
    expect(fromEnv.sources['tool-names']).toEqual({ kind: 'env', name: 'APCORE_MCP_TOOL_NAMES' });
    const fromFlag = await resolveSettings({
      flags: { toolNames: 'safe' },
      io: { env: {}, cwd: dir },
    });
    expect(fromFlag.values['tool-names']).toBe('safe');
    const problems = await problemsOf(
      resolveSettings({ flags: {}, io: { env: { APCORE_MCP_TOOL_NAMES: 'dotted' }, cwd: dir } }),
    );
    expect(problems).toEqual([
      'APCORE_MCP_TOOL_NAMES must be one of safe, module-id (got "dotted")',
    ]);
  });

  it('builds the options of an instance behind a load balancer', async () => {
    const { serveOptions } = await resolveSettings({
      flags: { instanceId: 'a', allowedHosts: 'mcp.example.com, mcp.example.org' },
      io: { env: { APCORE_MCP_SSE_KEEP_ALIVE: '5' }, cwd: tempDir.current() },
    });
    expect(serveOptions).toMatchObject({
      instanceId: 'a',
      allowedHosts: ['mcp.example.com', 'mcp.example.org'],
      sseKeepAliveMs: 5000,
    });
  });

  it('reads the session limits as whole numbers, checking each', async () => {
    const dir = tempDir.current();
    const { values } = await resolveSettings({
      flags: { maxSessions: '50', sessionIdleTimeout: '0' },
      io: { env: {}, cwd: dir },
    });
    expect(values).toMatchObject({ 'max-sessions': 50, 'session-idle-timeout': 0 });
    const problems = await problemsOf(
      resolveSettings({
        flags: { maxSessions: '0' },
        io: { env: { APCORE_MCP_SESSION_IDLE_TIMEOUT: '30m' }, cwd: dir },
      }),
    );
    expect(problems).toEqual([
      'APCORE_MCP_SESSION_IDLE_TIMEOUT must be an integer of at least 0 (got "30m")',
      '--max-sessions must be an integer of at least 1 (got "0")',
    ]);
  });

  it('resolves a relative directory in the file against the file, elsewhere against the cwd', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'custom.yaml'), 'extensions-dir: modules\n');
    const fromFile = await resolveSettings({
      flags: { config: join(dir, 'custom.yaml') },
      io: { env: {}, cwd: '/somewhere/else' },
    });
    expect(fromFile.values['extensions-dir']).toBe(join(dir, 'modules'));
    const fromEnv = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_EXTENSIONS_DIR: 'mods' }, cwd: dir },
    });
    expect(fromEnv.values['extensions-dir']).toBe(join(dir, 'mods'));
  });

  it('reports unknown keys with a suggestion and the allowed keys', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'prot: 9000\nfavourite-colour: blue\n');
    const problems = await problemsOf(resolveSettings({ flags: {}, io: { env: {}, cwd: dir } }));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^unknown key "prot" in apcore-mcp\.yaml \(did you mean "port"\?\)/,
    );
    expect(problems[0]).toContain(
      'allowed keys: extensions-dir, cache, cache-dir, opening-record, openapi, openapi-prefix, openapi-base-url, openapi-header-file, openapi-allow-external-refs, openapi-timeout, transport, host, port, max-sessions, session-idle-timeout, instance-id, sse-keep-alive, max-listen-streams-per-subject, name,',
    );
    expect(problems[1]).toMatch(
      /^unknown key "favourite-colour" in apcore-mcp\.yaml; allowed keys:/,
    );
  });

  it('reports every bad value with where it came from and what is allowed', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'transport: http\nport: 70000\n');
    const problems = await problemsOf(
      resolveSettings({
        flags: { name: '' },
        io: { env: { APCORE_MCP_WATCH: 'maybe' }, cwd: dir },
      }),
    );
    expect(problems).toEqual([
      '"transport" in apcore-mcp.yaml must be one of stdio, streamable-http, sse (got "http")',
      '"port" in apcore-mcp.yaml must be an integer between 1 and 65535 (got "70000")',
      'APCORE_MCP_WATCH must be true or false (got "maybe")',
      '--name must not be empty',
    ]);
  });

  it('checks a bad file value even when a flag overrides it', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), 'port: abc\n');
    const problems = await problemsOf(
      resolveSettings({ flags: { port: '9000' }, io: { env: {}, cwd: dir } }),
    );
    expect(problems).toEqual([
      '"port" in apcore-mcp.yaml must be an integer between 1 and 65535 (got "abc")',
    ]);
  });

  it('reports YAML syntax errors, repeated keys and files that are not a mapping', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'broken.yaml'), 'port: [1,\n');
    await writeFile(join(dir, 'twice.yaml'), 'log-level: INFO\nlog_level: DEBUG\n');
    await writeFile(join(dir, 'list.yaml'), '- port\n- 9000\n');
    const read = (file: string) =>
      problemsOf(resolveSettings({ flags: { config: file }, io: { env: {}, cwd: dir } }));
    expect(await read('broken.yaml')).toEqual([
      expect.stringMatching(/^broken\.yaml is not valid YAML: .+ at line 2, column 1/),
    ]);
    expect(await read('twice.yaml')).toEqual([
      '"log_level" in twice.yaml repeats "log-level": give it once',
    ]);
    expect(await read('list.yaml')).toEqual([
      'list.yaml must hold a mapping of settings (key: value), like "port: 8000"',
    ]);
  });

  it('accepts an empty config file', async () => {
    const dir = tempDir.current();
    await writeFile(join(dir, 'apcore-mcp.yaml'), '# nothing yet\n');
    const { values, configFile } = await resolveSettings({
      flags: {},
      io: { env: {}, cwd: dir },
    });
    expect(configFile).toBe(join(dir, 'apcore-mcp.yaml'));
    expect(values.port).toBe(8000);
  });

  it('fails when --config or APCORE_MCP_CONFIG names a missing file', async () => {
    const dir = tempDir.current();
    expect(
      await problemsOf(
        resolveSettings({ flags: { config: 'missing.yaml' }, io: { env: {}, cwd: dir } }),
      ),
    ).toEqual([`--config: config file not found: ${join(dir, 'missing.yaml')}`]);
    expect(
      await problemsOf(
        resolveSettings({ flags: {}, io: { env: { APCORE_MCP_CONFIG: 'gone.yaml' }, cwd: dir } }),
      ),
    ).toEqual([`APCORE_MCP_CONFIG: config file not found: ${join(dir, 'gone.yaml')}`]);
  });

  it('warns about APCORE_MCP_ variables it does not know, suggesting the likely one', async () => {
    const dir = tempDir.current();
    const { warnings } = await resolveSettings({
      flags: {},
      io: { env: { APCORE_MCP_PROT: '9000', OTHER: 'x' }, cwd: dir },
    });
    expect(warnings).toEqual([
      'unknown environment variable APCORE_MCP_PROT ignored (did you mean APCORE_MCP_PORT?)',
    ]);
  });
});
