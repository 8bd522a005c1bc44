import { defineServerFeature } from '../../feature-api/server-feature.js';

/**
 * The modules' documentation: every served module with `documentation` is a
 * `docs://<moduleId>` resource, listed and read as its caller may see the module. Always on:
 * it is what declares the `resources` capability of a server with nothing else to read.
 *
 * @example
 * ```ts
 * const features = [DOCS_FEATURE];
 * ```
 */
export const DOCS_FEATURE = defineServerFeature({
  name: 'docs',
  options: {},
  // Loaded when it opens: the option table never needs its code.
  open: async (_options, _frame, { registry, tools }) => {
    const { DocumentationResources } = await import('./documentation-resources.js');
    return {
      surface: {
        capabilities: () => ({ resources: {} }),
        resources: new DocumentationResources({ registry, tools }),
      },
    };
  },
});
