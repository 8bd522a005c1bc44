import { describe, expect, it } from 'vitest';
import * as runtime from './index.js';

describe('public API', () => {
  it('exports the runtime values the other packages rely on, and nothing of the contract', () => {
    expect(Object.keys(runtime).sort()).toEqual(
      [
        'ACL',
        'Context',
        'EXTERNAL_CALLER',
        'Executor',
        'MODULE_FILE_EXTENSIONS',
        'Registry',
        'compileSchema',
        'findSchemaProblems',
        'isModuleFileName',
        'loadExtensionFile',
        'loadModuleFile',
        'matchPattern',
        'mergeChunks',
      ].sort(),
    );
  });
});
