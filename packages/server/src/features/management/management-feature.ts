import { defineServerFeature } from '../../feature-api/server-feature.js';
import { MANAGEMENT_OPTIONS } from './sys-modules-option.js';

/**
 * The management surface (`sysModules`): the `system.*` modules registered in the registry
 * and served as the contract pins them: health, usage and manifest as `apcore://` resources and
 * templates (read through the call pipeline, so the ACL decides), the `system.control.*`
 * modules as tools (with `sysModules: { control: true }`), and the
 * `com.aiperceivable/management` extension naming the surfaces served.
 *
 * @example
 * ```ts
 * await serve(registry, { sysModules: { control: true }, toolNames: 'module-id' });
 * ```
 */
export const MANAGEMENT_FEATURE = defineServerFeature({
  name: 'management',
  options: MANAGEMENT_OPTIONS,
  // Loaded only when on: a server without `sysModules` never loads its code.
  open: async ({ sysModules }, frame, runtime) =>
    sysModules === undefined
      ? undefined
      : (await import('./open-management.js')).openManagement(sysModules, frame, runtime),
});
