import type { EncodeActionTable } from '@apcore-mcp/annotations';
import type { ToolGrouping } from '../grouping/grouping-options.js';
import { loadOptionalPackage } from '../kernel/load-optional-package.js';

/**
 * The parts of optional packages the frame builds the tool table with, loaded before it is
 * built: tool building is synchronous. (Features load their own packages as they open.)
 *
 * @example
 * ```ts
 * const packages: ToolTablePackages = await loadToolTablePackages(resolved);
 * ```
 */
export interface ToolTablePackages {
  /** With `toonDescriptions`: `@apcore-mcp/toon`'s encoder of grouped tools' action tables. */
  encodeTable?: EncodeActionTable;
}

/**
 * Loads the packages the tool table's options need, and only those: a server without
 * `toonDescriptions` never imports `@apcore-mcp/toon`. Called while the runtime opens, so a
 * missing package stops the start rather than the first request.
 *
 * @throws {MissingPackageError} when an option's package is not installed.
 * @example
 * ```ts
 * const { encodeTable } = await loadToolTablePackages({ grouping });
 * ```
 */
export async function loadToolTablePackages(options: {
  grouping: Pick<ToolGrouping, 'toonDescriptions'>;
}): Promise<ToolTablePackages> {
  if (!options.grouping.toonDescriptions) return {};
  const toon = await loadOptionalPackage(
    '@apcore-mcp/toon',
    'the toonDescriptions option',
    () => import('@apcore-mcp/toon'),
  );
  return { encodeTable: toon.encodeActionTable };
}
