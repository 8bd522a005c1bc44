import { defineModule, InvalidInputError, type ModuleDefinition } from '@apcore-mcp/core';
import type { ManagementState } from './management-state.js';
import { periodStart } from './usage-period.js';

const MODULE_ID = { type: 'string', description: 'The id of an application module' } as const;
const PERIOD = {
  type: 'string',
  description: "'all' (default) or the latest minutes, hours or days: 30m, 24h, 7d",
} as const;
const READ_ONLY = { readonly: true, idempotent: true, openWorld: false } as const;
const CONTROL = { destructive: true, requiresApproval: true, openWorld: false } as const;

/** The six read-only modules (health, usage, manifest): served as `apcore://` resources. */
export function readModules(state: ManagementState): Record<string, ModuleDefinition> {
  return { ...healthModules(state), ...usageModules(state), ...manifestModules(state) };
}

function healthModules(state: ManagementState): Record<string, ModuleDefinition> {
  return {
    'system.health.summary': defineModule({
      description: 'Health of every module: its status from its latest calls, calls and errors',
      inputSchema: { type: 'object', properties: {} },
      annotations: READ_ONLY,
      execute: () => {
        const modules = state.appModules().map((moduleId) => state.samples.healthOf(moduleId));
        const degraded = modules.some((module) => module.status === 'degraded');
        return {
          status: degraded ? 'degraded' : 'healthy',
          uptimeSeconds: Math.floor((Date.now() - state.startedAt) / 1000),
          disabled: state.disabled,
          modules,
        };
      },
    }),
    'system.health.module': defineModule({
      description: "One module's health: its status from its latest calls, calls and errors",
      inputSchema: {
        type: 'object',
        properties: { module_id: MODULE_ID },
        required: ['module_id'],
      },
      annotations: READ_ONLY,
      execute: ({ module_id }) => {
        const moduleId = state.knownModule(module_id);
        return { ...state.samples.healthOf(moduleId), enabled: state.isEnabled(moduleId) };
      },
    }),
  };
}

function usageModules(state: ManagementState): Record<string, ModuleDefinition> {
  return {
    'system.usage.summary': defineModule({
      description: 'Calls, errors and p50/p95 durations per tool over a period',
      inputSchema: { type: 'object', properties: { period: PERIOD } },
      annotations: READ_ONLY,
      execute: ({ period }) => state.samples.usageSince(periodStart(period, Date.now())),
    }),
    'system.usage.module': defineModule({
      description: "One module's calls, errors and p50/p95 durations over a period",
      inputSchema: {
        type: 'object',
        properties: { module_id: MODULE_ID, period: PERIOD },
        required: ['module_id'],
      },
      annotations: READ_ONLY,
      execute: ({ module_id, period }) => {
        const moduleId = state.knownModule(module_id);
        const usage = state.samples.usageSince(periodStart(period, Date.now()));
        return { ...usage, tools: usage.tools.filter((tool) => tool.moduleId === moduleId) };
      },
    }),
  };
}

function manifestModules(state: ManagementState): Record<string, ModuleDefinition> {
  return {
    'system.manifest.full': defineModule({
      description:
        'The server and every module it serves: ids, descriptions, versions, annotations',
      inputSchema: { type: 'object', properties: {} },
      annotations: READ_ONLY,
      execute: () => ({
        server: state.server,
        settings: state.settings,
        modules: state.appModules().map((moduleId) => manifestOf(state, moduleId)),
      }),
    }),
    'system.manifest.module': defineModule({
      description: "One module's manifest: description, version, annotations, schemas",
      inputSchema: {
        type: 'object',
        properties: { module_id: MODULE_ID },
        required: ['module_id'],
      },
      annotations: READ_ONLY,
      execute: ({ module_id }) => {
        const moduleId = state.knownModule(module_id);
        const descriptor = state.registry.getDefinition(moduleId);
        return {
          ...manifestOf(state, moduleId),
          inputSchema: descriptor?.inputSchema ?? {},
          outputSchema: descriptor?.outputSchema ?? null,
        };
      },
    }),
  };
}

/** The three control tools: destructive, each asks approval. */
export function controlModules(state: ManagementState): Record<string, ModuleDefinition> {
  return {
    'system.control.update_config': defineModule({
      description: 'Sets a runtime setting of the server (shown in system.manifest.full)',
      inputSchema: {
        type: 'object',
        properties: { key: { type: 'string', minLength: 1, maxLength: 200 }, value: {} },
        required: ['key', 'value'],
        additionalProperties: false,
      },
      annotations: CONTROL,
      execute: ({ key, value }) => {
        if (typeof key !== 'string' || key === '') throw new InvalidInputError('key is required');
        const previous = state.setSetting(key, value);
        return { key, previous: previous ?? null, value: value ?? null };
      },
    }),
    'system.control.reload_module': defineModule({
      description: 'Imports the file of one module again and serves what it exports now',
      inputSchema: {
        type: 'object',
        properties: { module_id: MODULE_ID },
        required: ['module_id'],
        additionalProperties: false,
      },
      annotations: CONTROL,
      execute: async ({ module_id }) => {
        const moduleId = state.knownModule(module_id);
        await state.reload(moduleId);
        return { moduleId, reloaded: true };
      },
    }),
    'system.control.toggle_feature': defineModule({
      description: 'Switches one module off (hidden from tools/list, its calls refused) or on',
      inputSchema: {
        type: 'object',
        properties: { module_id: MODULE_ID, enabled: { type: 'boolean' } },
        required: ['module_id', 'enabled'],
        additionalProperties: false,
      },
      annotations: CONTROL,
      execute: ({ module_id, enabled }) => {
        const moduleId = state.knownModule(module_id);
        const wasEnabled = state.setEnabled(moduleId, enabled === true);
        return { moduleId, enabled: enabled === true, wasEnabled };
      },
    }),
  };
}

function manifestOf(state: ManagementState, moduleId: string): Record<string, unknown> {
  const descriptor = state.registry.getDefinition(moduleId);
  return {
    moduleId,
    description: descriptor?.description ?? '',
    version: descriptor?.version ?? null,
    tags: descriptor?.tags ?? [],
    annotations: descriptor?.annotations ?? null,
    enabled: state.isEnabled(moduleId),
  };
}
