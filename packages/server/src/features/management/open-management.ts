import { type ModuleDefinition, ModuleNotFoundError } from '@apcore-mcp/core';
import { MODULE_ID_META_KEY, type ModuleErrorLike } from '@apcore-mcp/core/bridge';
import type { ServerCapabilities } from '@modelcontextprotocol/server';
import { recordEntry } from '../../calls/call-governance.js';
import type { ExecutionRouter } from '../../calls/execution-router.js';
import type { CallMiddleware } from '../../calls/pipeline/call-middleware.js';
import type { FeatureRuntime } from '../../feature-api/feature-runtime.js';
import type { FeatureFrame, OpenedFeature } from '../../feature-api/server-feature.js';
import type { RouterCallExtra } from '../../kernel/call-extra.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import type { McpTool } from '../../kernel/mcp-tool.js';
import { CallSamples } from './call-samples.js';
import { ManagementResources } from './management-resources.js';
import {
  isWritableRegistry,
  ManagementState,
  MODULE_DISABLED,
  type WritableRegistry,
} from './management-state.js';
import type { ResolvedSysModules } from './sys-modules-option.js';
import { controlModules, readModules } from './system-modules.js';

/** The management extension's identifier under `capabilities.extensions`. */
const MANAGEMENT_EXTENSION_ID = 'com.aiperceivable/management';
/** The PROTOCOL_SPEC version of the `system.*` projection served here. */
const PROTOCOL_VERSION = '1.30.0';
const SURFACES = ['health', 'usage', 'manifest', 'control'] as const;

/**
 * The management surface of one server: the `system.*` modules registered, their resources
 * and tools, the extension's declaration.
 *
 * @example
 * ```ts
 * const opened = openManagement({ control: false }, frame, runtime);
 * ```
 */
export function openManagement(
  sysModules: ResolvedSysModules,
  frame: FeatureFrame,
  { registry }: FeatureRuntime,
): OpenedFeature {
  if (!isWritableRegistry(registry)) {
    throw new InvalidOptionError({
      option: 'sysModules',
      value: true,
      expected: 'a registry with register() and unregister() to hold the system.* modules',
    });
  }
  let router: ExecutionRouter | undefined;
  let toolListChanged = (): void => {};
  const samples = new CallSamples();
  const state = new ManagementState({
    registry,
    samples,
    server: { name: frame.name, version: frame.version },
    onToggle: () => toolListChanged(),
  });
  const registered = registerModules(registry, {
    ...readModules(state),
    ...(sysModules.control ? controlModules(state) : {}),
  });
  const ownReads = new WeakSet<RouterCallExtra>();
  return {
    surface: {
      capabilities: () => managementCapabilities(sysModules),
      addHandlers: () => ({
        listTools: (tools) => tools.filter((tool) => isListed(tool, state)),
      }),
      resources: new ManagementResources({
        router: () => router,
        markRead: (extra) => ownReads.add(extra),
      }),
    },
    callSteps: {
      record: recordEntry([samples]),
      guard: refuseHiddenModules(state, (extra) => ownReads.has(extra)),
    },
    start: (started) => {
      router = started.router;
      toolListChanged = started.toolListChanged;
    },
    stop: () => {
      for (const moduleId of registered) registry.unregister(moduleId);
    },
  };
}

/**
 * Registers the modules the registry does not hold yet (one the application registered itself,
 * apcore-js's `registerSysModules`, stays its own); returns the ids it registered.
 */
function registerModules(
  registry: WritableRegistry,
  modules: Record<string, ModuleDefinition>,
): string[] {
  const registered: string[] = [];
  for (const [moduleId, module] of Object.entries(modules)) {
    if (registry.getDefinition(moduleId) !== null) continue;
    registry.register(moduleId, module);
    registered.push(moduleId);
  }
  return registered;
}

function managementCapabilities(sysModules: ResolvedSysModules): ServerCapabilities {
  const surfaces = SURFACES.filter((surface) => surface !== 'control' || sysModules.control);
  return {
    resources: {},
    // Switching a module off or on changes the tool list.
    ...(sysModules.control ? { tools: { listChanged: true } } : {}),
    extensions: {
      [MANAGEMENT_EXTENSION_ID]: { surfaces: [...surfaces], protocolVersion: PROTOCOL_VERSION },
    },
  };
}

/** Whether `moduleId` is one of the read-only modules, served as resources only. */
function isResourceModule(moduleId: string): boolean {
  return /^system\.(health|usage|manifest)\./.test(moduleId);
}

function isListed(tool: McpTool, state: ManagementState): boolean {
  const moduleId = tool._meta?.[MODULE_ID_META_KEY];
  if (typeof moduleId !== 'string') return true;
  return !isResourceModule(moduleId) && state.isEnabled(moduleId);
}

/**
 * Refuses a `tools/call` of a read-only `system.*` module (a resource, not a tool: unknown as
 * a tool) and of a module switched off; a resource read of the management surface passes.
 */
function refuseHiddenModules(
  state: ManagementState,
  isOwnRead: (extra: RouterCallExtra) => boolean,
): CallMiddleware {
  return (call, next) => {
    const moduleId = call.served?.moduleId;
    if (moduleId === undefined) return next();
    if (isResourceModule(moduleId) && !isOwnRead(call.extra)) {
      throw new ModuleNotFoundError({ moduleId: call.tool });
    }
    if (!state.isEnabled(moduleId)) {
      const refusal: ModuleErrorLike = {
        code: MODULE_DISABLED,
        message: `Module ${moduleId} is switched off`,
      };
      throw refusal;
    }
    return next();
  };
}
