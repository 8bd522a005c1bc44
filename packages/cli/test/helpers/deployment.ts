import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  fetchResolvingTo,
  findFreePort,
  startHaproxyServer,
  startNginxServer,
  startRedisServer,
  type TestHaproxyServer,
  type TestNginxServer,
  type TestRedisServer,
} from '@apcore-mcp/test-support';
import { SERVING_LINE, type ServerProcess, startCli } from './cli-process.js';

const deployDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'examples',
  'deploy',
);

/**
 * How long an instance may take to serve: Redis, BullMQ and the state store come up first, and
 * a machine running the whole suite makes that slow. The hooks that start a deployment allow
 * {@link DEPLOYMENT_HOOK_TIMEOUT_MS}.
 */
const INSTANCE_START_TIMEOUT_MS = 60_000;

/** The timeout of a hook that starts a {@link Deployment} and a proxy in front of it. */
export const DEPLOYMENT_HOOK_TIMEOUT_MS = 120_000;

/** The shipped nginx configuration (a template), which the tests render and run. */
export const NGINX_TEMPLATE = join(deployDir, 'nginx', 'apcore-mcp.conf.template');

/** The shipped HAProxy configuration, which the tests run as it is. */
export const HAPROXY_CONFIG = join(deployDir, 'haproxy', 'haproxy.cfg');

/** The name clients use for the proxies, which the instances accept (`--allowed-hosts`). */
export const PUBLIC_HOST = 'mcp.example.test';

/** One running instance: its `--instance-id`, where it listens, its process. */
export interface Instance {
  readonly id: 'a' | 'b';
  /** `127.0.0.1:<port>`, as the proxies' configurations name it. */
  readonly address: string;
  readonly process: ServerProcess;
}

/** What a deployment is started with. */
export interface DeploymentOptions {
  extensionsDir: string;
  transport?: 'streamable-http' | 'sse';
  /** Give each instance a key of its own (a mistake, to see what it breaks); default one shared key. */
  ownKeys?: boolean;
  /** More flags for both instances (`--sse-keep-alive 1`). */
  extraArgs?: readonly string[];
  /** Keep MCP tasks in the deployment's Redis, each instance running attempts too. */
  tasks?: boolean;
  /** Keep events and webhook subscriptions in the deployment's Redis (`--events`). */
  events?: boolean;
  /** More flags for one instance only, after {@link DeploymentOptions.extraArgs}. */
  instanceArgs?: { readonly a?: readonly string[]; readonly b?: readonly string[] };
}

/**
 * Two `apcore-mcp` instances (`a` and `b`) as the shipped configurations expect them, sharing a
 * `redis-server` (`--store`) and a state key file (`--state-key-file`), accepting
 * {@link PUBLIC_HOST}; proxies put in front are stopped with it.
 */
export interface Deployment {
  readonly instances: readonly [Instance, Instance];
  readonly redis: TestRedisServer;
  /** The state key file of instance `a` (`--state-key-file`), for a worker joining them. */
  readonly stateKeyFile: string;
  /** A fetch that reaches {@link PUBLIC_HOST} at 127.0.0.1, as DNS would send clients. */
  readonly fetch: typeof fetch;
  /** nginx on the shipped template in front of the instances; `proxyReadTimeout` default `60s`. */
  startNginx(options?: { proxyReadTimeout?: string }): Promise<TestNginxServer>;
  /** HAProxy on the shipped configuration in front of the instances. */
  startHaproxy(): Promise<TestHaproxyServer>;
  stop(): Promise<void>;
}

/**
 * The URL clients use for `path` behind a proxy listening on `port`: the public name, which
 * {@link Deployment.fetch} resolves to 127.0.0.1.
 *
 * @example
 * ```ts
 * connectClient({ era, transport: 'http', url: publicUrl(nginx.port), fetch: deployment.fetch });
 * ```
 */
export function publicUrl(port: number, path = '/mcp'): string {
  return `http://${PUBLIC_HOST}:${port}${path}`;
}

/**
 * Renders a template as the official nginx image's entrypoint does (envsubst over the variables
 * it is given, every other `$name` left to nginx); a `${NAME}` left without a value is an error.
 *
 * @example
 * ```ts
 * renderTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), { APCORE_MCP_LISTEN: '8080', ... });
 * ```
 */
export function renderTemplate(template: string, values: Record<string, string>): string {
  const rendered = template.replace(/\$\{([A-Z0-9_]+)\}|\$([A-Z0-9_]+)/g, (text, braced, bare) => {
    const value = values[braced ?? bare];
    return value ?? text;
  });
  const missing = /\$\{[A-Z0-9_]+\}/.exec(rendered);
  if (missing !== null) throw new Error(`No value for ${missing[0]} in the template`);
  return rendered;
}

/**
 * Starts a {@link Deployment}: Redis, then both instances, resolved once both serve. A failure
 * stops whatever had started.
 *
 * @example
 * ```ts
 * const deployment = await startDeployment({ extensionsDir, extraArgs: ['--sse-keep-alive', '1'] });
 * const nginx = await deployment.startNginx({ proxyReadTimeout: '2s' });
 * ```
 */
export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const directory = await mkdtemp(join(tmpdir(), 'apcore-mcp-deployment-'));
  const proxies: { stop(): Promise<void> }[] = [];
  let keyFiles: string[] = [];
  const instances: Instance[] = [];
  const redis = await startRedisServer();
  const stop = async (): Promise<void> => {
    await Promise.all(proxies.map((proxy) => proxy.stop()));
    await Promise.all(instances.map((instance) => instance.process.stop('SIGTERM')));
    await redis.stop();
    await rm(directory, { recursive: true, force: true });
  };
  try {
    keyFiles = await writeKeyFiles(directory, options.ownKeys === true);
    // Side by side: on a busy machine each start is slow, and one after the other doubles it.
    const starts = await Promise.allSettled(
      (['a', 'b'] as const).map((id, index) =>
        startInstance(id, { ...options, keyFile: keyFiles[index] ?? '', store: redis.url }),
      ),
    );
    for (const start of starts) if (start.status === 'fulfilled') instances.push(start.value);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  } catch (error) {
    await stop();
    throw error;
  }
  const [a, b] = instances as [Instance, Instance];
  const upstreams = { APCORE_MCP_A: a.address, APCORE_MCP_B: b.address };
  const started = <Proxy extends { stop(): Promise<void> }>(proxy: Proxy): Proxy => {
    proxies.push(proxy);
    return proxy;
  };
  return {
    instances: [a, b],
    redis,
    stateKeyFile: keyFiles[0] ?? '',
    fetch: fetchResolvingTo('127.0.0.1'),
    startNginx: async ({ proxyReadTimeout = '60s' } = {}) => {
      const template = readFileSync(NGINX_TEMPLATE, 'utf8');
      const site = (port: number) =>
        renderTemplate(template, {
          ...upstreams,
          APCORE_MCP_LISTEN: `127.0.0.1:${port}`,
          APCORE_MCP_PROXY_READ_TIMEOUT: proxyReadTimeout,
        });
      return started(await startNginxServer(site));
    },
    startHaproxy: async () => {
      const env = (port: number) => ({ ...upstreams, APCORE_MCP_LISTEN: `127.0.0.1:${port}` });
      return started(await startHaproxyServer({ configFile: HAPROXY_CONFIG, env }));
    },
    stop,
  };
}

/** One key file both instances read, or one each. */
async function writeKeyFiles(directory: string, ownKeys: boolean): Promise<string[]> {
  const count = ownKeys ? 2 : 1;
  const files = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const file = join(directory, `state-key-${index}`);
      await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600 });
      return file;
    }),
  );
  return ownKeys ? files : [files[0] ?? '', files[0] ?? ''];
}

async function startInstance(
  id: 'a' | 'b',
  options: DeploymentOptions & { keyFile: string; store: string },
): Promise<Instance> {
  const port = await findFreePort();
  const transport = options.transport ?? 'streamable-http';
  const server = startCli([
    ...['--extensions-dir', options.extensionsDir, '--transport', transport],
    ...['--port', String(port), '--allowed-hosts', PUBLIC_HOST],
    // Session ids name their instance on Streamable HTTP; legacy SSE is routed on the client.
    ...(transport === 'streamable-http' ? ['--instance-id', id] : []),
    ...['--state-key-file', options.keyFile, '--store', options.store],
    ...(options.tasks === true ? ['--tasks', options.store, '--task-worker'] : []),
    ...(options.events === true ? ['--events', options.store] : []),
    ...(options.extraArgs ?? []),
    ...(options.instanceArgs?.[id] ?? []),
  ]);
  try {
    await server.waitForStderr(SERVING_LINE, INSTANCE_START_TIMEOUT_MS);
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  return { id, address: `127.0.0.1:${port}`, process: server };
}
