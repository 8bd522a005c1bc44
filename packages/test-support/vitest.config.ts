import { defineProject } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.ts';

// The repository's own scripts are tested here too: test-support is the home of test tooling.
export default defineProject(sharedTestConfig('test-support', ['../../scripts/*.test.mjs']));
