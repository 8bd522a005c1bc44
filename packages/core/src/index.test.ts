import { describe, expect, it } from 'vitest';
import * as core from './index.js';

describe('public API', () => {
  it('exports the contract values the other packages rely on', () => {
    expect(Object.keys(core).sort()).toEqual(
      [
        'ACLDeniedError',
        'ACLRuleError',
        'ApcoreMcpError',
        'ApprovalDeniedError',
        'CallDepthExceededError',
        'CallFrequencyExceededError',
        'CircularCallError',
        'ConfigNotFoundError',
        'DEFAULT_ANNOTATIONS',
        'DuplicateModuleIdError',
        'ErrorCodes',
        'ExecutionCancelledError',
        'InvalidInputError',
        'InvalidModuleIdError',
        'MAX_MODULE_ID_LENGTH',
        'MODULE_ID_PATTERN',
        'ModuleError',
        'ModuleLoadError',
        'ModuleNotFoundError',
        'ModuleTimeoutError',
        'SchemaValidationError',
        'assertValidModuleId',
        'defineModule',
        'isModuleLike',
        'isRecord',
        'describeModuleProblem',
        'copyJson',
        'CONTEXT_APPROVAL_MARKER',
        'CALL_ATTEMPT_ENDED',
        'MODULE_CALL_STEPS_KEY',
        'readModuleCallSteps',
        'composeSteps',
        'endsCallAttempt',
        'MCP_APPROVAL_KEY',
        'MCP_ELICIT_KEY',
        'MCP_PROGRESS_KEY',
        'elicit',
        'reportProgress',
        'setOwnEntry',
        'supportsContextApproval',
        'moduleIdFromPath',
        'InvalidToolNameError',
        'ToolNameCollisionError',
        'ToolNameTable',
        'isSafeToolName',
        'MAX_TOOL_NAME_LENGTH',
        'MODULE_ID_META_KEY',
        'SAFE_TOOL_NAME_PATTERN',
        'TOOL_NAME_STYLES',
        'toToolName',
        'fillAnnotations',
        'readAnnotationFlag',
        'serializeOutput',
        'toJsonValue',
        'isExecutorLike',
        'isRegistryLike',
        'silentLogger',
        'isModuleSelected',
        'listModules',
        'matchesModuleFilter',
        'toListOptions',
        'toModuleFilter',
        'suggestClosest',
        'DEFINITION_MARKER',
        'DefinitionResultError',
        'defineResource',
        'defineResourceTemplate',
        'isDefinition',
        'onResourceUpdated',
      ].sort(),
    );
  });

  it('gives every error class the code the bridge maps', () => {
    expect(new core.ModuleNotFoundError({ moduleId: 'a' }).code).toBe(
      core.ErrorCodes.MODULE_NOT_FOUND,
    );
    expect(new core.ACLDeniedError({ callerId: '@external', targetId: 'a' }).code).toBe(
      core.ErrorCodes.ACL_DENIED,
    );
  });
});
