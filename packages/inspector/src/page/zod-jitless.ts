// Imported first by main.tsx, before the SDK builds its schemas: zod 4 otherwise probes
// `new Function` when it builds an object schema, and under the page's CSP (no 'unsafe-eval')
// the browser reports that probe as a console error even though zod catches it. This is the
// zod instance the SDK itself imports (one version in the bundle).
import { config } from 'zod/v4/core';

/**
 * zod's global config, set jitless. main.tsx reads it, so the bundler keeps this module (the
 * package declares no side effects) and runs it before the SDK's modules.
 *
 * @example
 * ```ts
 * import { zodConfig } from './zod-jitless.js';
 * if (zodConfig.jitless !== true) throw new Error('zod would probe eval');
 * ```
 */
export const zodConfig = config({ jitless: true });
