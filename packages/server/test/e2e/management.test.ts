import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@apcore-mcp/core';
import * as runtime from '@apcore-mcp/runtime';
import {
  type CalledToolResult,
  type ChangedList,
  type ClientEra,
  connectClient,
  type McpClientHandle,
} from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerHandle } from '../../src/index.js';
import { readContractFixture } from '../helpers/contract-fixture.js';
import { SUBJECT_HEADER, startManaged } from '../helpers/managed-server.js';
import { rejection } from '../helpers/rejection.js';

interface SystemSurfaceFixture {
  tools: { module_id: string; name: string }[];
  not_tools: string[];
  resources: { module_id: string; uri: string }[];
  resource_templates: { module_id: string; uri_template: string }[];
  extension: { identifier: string; surface_order: string[]; protocol_version: string };
}

const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];
const approve = () => ({ action: 'accept' as const, content: { approved: true } });
const fixture = await readContractFixture<SystemSurfaceFixture>('system_surface.json');

describe('the management surface over Streamable HTTP', () => {
  let server: ServerHandle;
  let extensionsDir: string;
  const clients: McpClientHandle[] = [];

  beforeAll(async () => {
    extensionsDir = await mkdtemp(join(tmpdir(), 'management-'));
    const registry = new runtime.Registry();
    registry.register(
      'orders.list',
      core.defineModule({
        description: 'List orders',
        inputSchema: { type: 'object', properties: { fail: { type: 'boolean' } } },
        execute: ({ fail }) => {
          if (fail === true) throw new core.InvalidInputError('no such order');
          return { orders: [] };
        },
      }),
    );
    const file = join(extensionsDir, 'greeting.mjs');
    await writeFile(file, moduleSource('Hello'));
    registry.register('greeting', await runtime.loadModuleFile(file), { file });
    server = await startManaged(registry, { sysModules: { control: true } });
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await server.close();
    await rm(extensionsDir, { recursive: true, force: true });
  });

  async function connectAs(subject: string, era: ClientEra): Promise<McpClientHandle> {
    const client = await connectClient({
      era,
      transport: 'http',
      url: server.url ?? '',
      headers: { [SUBJECT_HEADER]: subject },
      onElicit: approve,
    });
    clients.push(client);
    return client;
  }

  describe.each(ERAS)('%s client', (era) => {
    it('serves the system.* modules exactly as system_surface.json pins them', async () => {
      const ann = await connectAs('ann', era);
      const names = (await ann.listTools()).map((tool) => tool.name);
      for (const tool of fixture.tools) expect(names).toContain(tool.name);
      for (const moduleId of fixture.not_tools) expect(names).not.toContain(moduleId);
      // tools/list is sorted by name; the fixture pins which tools, not their order.
      expect(names.filter((name) => name.startsWith('system.'))).toEqual(
        fixture.tools.map((tool) => tool.name).sort(),
      );
      const uris = (await ann.listResources()).map((resource) => resource.uri);
      expect(uris.filter((uri) => String(uri).startsWith('apcore://'))).toEqual(
        fixture.resources.map((resource) => resource.uri),
      );
      const templates = (await ann.listResourceTemplates()).map((entry) => entry.uriTemplate);
      expect(templates).toEqual(fixture.resource_templates.map((entry) => entry.uri_template));
      const extensions = ann.serverCapabilities().extensions as Record<string, unknown>;
      expect(extensions[fixture.extension.identifier]).toEqual({
        surfaces: fixture.extension.surface_order,
        protocolVersion: fixture.extension.protocol_version,
      });
    });

    it('marks the control tools destructive and asking approval', async () => {
      const ann = await connectAs('ann', era);
      const tools = await ann.listTools();
      const control = tools.filter((tool) => tool.name.startsWith('system.control.'));
      expect(control).toHaveLength(3);
      for (const tool of control) {
        expect(tool.annotations).toMatchObject({ destructiveHint: true });
        expect(tool._meta?.['apcore/requiresApproval']).toBe(true);
      }
    });

    it('reads health, usage with a period, and manifests through the call pipeline', async () => {
      const ann = await connectAs('ann', era);
      await ann.callTool('orders.list', {});
      await ann.callTool('orders.list', { fail: true });
      const health = await readJson(ann, 'apcore://system.health.module/orders.list');
      expect(health).toMatchObject({ moduleId: 'orders.list', enabled: true });
      expect(health.calls).toBeGreaterThanOrEqual(2);
      expect(health.lastErrorCode).toBe('GENERAL_INVALID_INPUT');
      const summary = await readJson(ann, 'apcore://system.health.summary');
      expect(summary.modules).toEqual(
        expect.arrayContaining([expect.objectContaining({ moduleId: 'greeting' })]),
      );
      const usage = await readJson(ann, 'apcore://system.usage.module/orders.list?period=1h');
      expect(usage.tools).toEqual([
        expect.objectContaining({ tool: 'orders.list', moduleId: 'orders.list' }),
      ]);
      const all = await readJson(ann, 'apcore://system.usage.summary?period=all');
      expect(all.since).toBe(new Date(0).toISOString());
      const manifest = await readJson(ann, 'apcore://system.manifest.module/greeting');
      expect(manifest).toMatchObject({ moduleId: 'greeting', description: 'Greets' });
      const full = await readJson(ann, 'apcore://system.manifest.full');
      expect((full.modules as { moduleId: string }[]).map((entry) => entry.moduleId)).toEqual([
        'greeting',
        'orders.list',
      ]);
    });

    it('refuses a bad period and an unknown module with -32602, never a path', async () => {
      const ann = await connectAs('ann', era);
      const period = await rejection(ann.readResource('apcore://system.usage.summary?period=soon'));
      expect(period.code).toBe(-32602);
      expect(period.message).toContain('period');
      const unknown = await rejection(ann.readResource('apcore://system.health.module/nope'));
      expect(unknown.code).toBe(-32602);
      expect(unknown.message).toContain('Module not found: nope');
    });

    it('does not answer the read-only modules as tools', async () => {
      const ann = await connectAs('ann', era);
      const result = await ann.callTool('system.health.summary', {});
      expect(result.isError).toBe(true);
    });

    it('shows the control tools only to whom the ACL lets call them', async () => {
      const bob = await connectAs('bob', era);
      const names = (await bob.listTools()).map((tool) => tool.name);
      expect(names.filter((name) => name.startsWith('system.'))).toEqual([]);
      expect(names).toContain('orders.list');
      const refused = await bob.callTool('system.control.toggle_feature', {
        module_id: 'orders.list',
        enabled: false,
      });
      expect(refused.isError).toBe(true);
      expect((await bob.listTools()).map((tool) => tool.name)).toContain('orders.list');
    });
  });

  it('switches a module off: gone from tools/list with list_changed, its calls refused; then on again', async () => {
    const ann = await connectAs('ann', '2025-11-25');
    const bob = await connectAs('bob', '2026-07-28');
    const heard: ChangedList[] = [];
    const listening = await bob.listenForListChanges((list) => heard.push(list));
    const off = await ann.callTool('system.control.toggle_feature', {
      module_id: 'orders.list',
      enabled: false,
    });
    expect(structured(off)).toEqual({
      moduleId: 'orders.list',
      enabled: false,
      wasEnabled: true,
    });
    await vi.waitFor(() => expect(heard).toContain('tools'));
    expect((await bob.listTools()).map((tool) => tool.name)).not.toContain('orders.list');
    const refused = await bob.callTool('orders.list', {});
    expect(refused).toMatchObject({
      isError: true,
      _meta: { 'apcore/errorCode': 'MODULE_DISABLED' },
    });
    expect(refused.content[0]?.text).toBe('Not run: this module is switched off on this server');
    await ann.callTool('system.control.toggle_feature', {
      module_id: 'orders.list',
      enabled: true,
    });
    expect((await bob.listTools()).map((tool) => tool.name)).toContain('orders.list');
    expect((await bob.callTool('orders.list', {})).isError).toBe(false);
    await listening.close();
  });

  it('reloads one module from its file, and says why one from no file cannot be', async () => {
    const ann = await connectAs('ann', '2026-07-28');
    expect(structured(await ann.callTool('greeting', {}))).toEqual({ text: 'Hello' });
    await writeFile(join(extensionsDir, 'greeting.mjs'), moduleSource('Bonjour'));
    const reloaded = await ann.callTool('system.control.reload_module', { module_id: 'greeting' });
    expect(structured(reloaded)).toEqual({ moduleId: 'greeting', reloaded: true });
    expect(structured(await ann.callTool('greeting', {}))).toEqual({ text: 'Bonjour' });
    const codeOnly = await ann.callTool('system.control.reload_module', {
      module_id: 'orders.list',
    });
    expect(codeOnly).toMatchObject({
      isError: true,
      _meta: { 'apcore/errorCode': 'MODULE_LOAD_ERROR' },
    });
    expect(JSON.stringify(codeOnly)).not.toContain(extensionsDir);
  });

  it('keeps a runtime setting update_config set, shown in the manifest', async () => {
    const ann = await connectAs('ann', '2025-11-25');
    const set = await ann.callTool('system.control.update_config', { key: 'banner', value: 'hi' });
    expect(structured(set)).toEqual({ key: 'banner', previous: null, value: 'hi' });
    const full = await readJson(ann, 'apcore://system.manifest.full');
    expect(full.settings).toEqual({ banner: 'hi' });
  });
});

function moduleSource(greeting: string): string {
  return `export default { description: 'Greets', inputSchema: { type: 'object', properties: {} }, execute: () => ({ text: ${JSON.stringify(greeting)} }) };\n`;
}

function structured(result: CalledToolResult): unknown {
  return JSON.parse(String(result.content[0]?.text));
}

async function readJson(client: McpClientHandle, uri: string): Promise<Record<string, unknown>> {
  const { contents } = await client.readResource(uri);
  const [first] = contents as { uri: string; mimeType: string; text: string }[];
  expect(first?.mimeType).toBe('application/json');
  return JSON.parse(String(first?.text)) as Record<string, unknown>;
}
