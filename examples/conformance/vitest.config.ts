import { defineProject } from 'vitest/config';
import { sharedTestConfig } from '../../vitest.shared.ts';

const shared = sharedTestConfig('example-conformance');

// Each file runs the whole suite (~80 scenarios, each with its own timeout) against a server of
// its own: one after the other, so the two runs never share the two cores with each other.
export default defineProject((env) => {
  const config = shared(env);
  return { ...config, test: { ...config.test, fileParallelism: false } };
});
