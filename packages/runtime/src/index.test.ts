import { describe, expect, it } from 'vitest';
import * as runtime from './index.js';

describe('public API', () => {
  it('exports the runtime values the other packages rely on, and nothing of the contract', () => {
    expect(Object.keys(runtime).sort()).toEqual(
      [
        'ACL',
        'Context',
        'EXTERNAL_CALLER',
        'ErrorHistoryMiddleware',
        'Executor',
        'LoggingMiddleware',
        'MODULE_FILE_EXTENSIONS',
        'Registry',
        'RetryMiddleware',
        'RetrySignal',
        'buildMiddlewares',
        'compileSchema',
        'findSchemaProblems',
        'isModuleFileName',
        'loadExtensionFile',
        'loadModuleFile',
        'matchPattern',
        'mergeChunks',
        'skipFile',
      ].sort(),
    );
  });
});
