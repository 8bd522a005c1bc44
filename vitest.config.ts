import { defineConfig } from 'vitest/config';

// Running `vitest` at the root runs every package as one project each.
export default defineConfig({
  test: {
    projects: ['packages/*', 'examples/*', 'bench'],
  },
});
