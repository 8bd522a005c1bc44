import { ApcoreMcpError } from '@apcore-mcp/core';

const MARKER = Symbol.for('apcore-mcp.error.MissingPackageError');

/**
 * The package a feature needs is not installed: says which option asked for it and what to
 * install (`code: 'MISSING_PACKAGE'`, `details: { packageName, feature }`). A package that is
 * installed but fails while loading is not this error: that failure is rethrown as it is. An
 * {@link ApcoreMcpError}.
 *
 * @example
 * ```ts
 * new MissingPackageError({ packageName: '@apcore-mcp/auth', feature: 'the auth option' }).message;
 * // 'the auth option needs the @apcore-mcp/auth package: npm install @apcore-mcp/auth'
 * ```
 */
export class MissingPackageError extends ApcoreMcpError {
  /** The package to install. */
  readonly packageName: string;
  /** What needs it, in words (`the auth option`). */
  readonly feature: string;

  constructor({ packageName, feature }: { packageName: string; feature: string }) {
    super({
      code: 'MISSING_PACKAGE',
      message: `${feature} needs the ${packageName} package: npm install ${packageName}`,
      details: { packageName, feature },
    });
    this.name = 'MissingPackageError';
    Object.defineProperty(this, MARKER, { value: true });
    this.packageName = packageName;
    this.feature = feature;
  }

  /**
   * Whether `value` is a {@link MissingPackageError}, from this copy of the package or another.
   *
   * @example
   * ```ts
   * MissingPackageError.isInstance(new Error('x')); // false
   * ```
   */
  static override isInstance(value: unknown): value is MissingPackageError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}

/**
 * Loads the package of an optional feature the first time the options use it, so that a server
 * without the feature neither installs nor loads it. `load` is the literal `import()` of the
 * package (bundlers and the type checker see it); `packageName` and `feature` word the error
 * when it is missing.
 *
 * @throws {MissingPackageError} when the package is not installed.
 * @example
 * ```ts
 * const auth = await loadOptionalPackage('@apcore-mcp/auth', 'the auth option', () =>
 *   import('@apcore-mcp/auth'),
 * );
 * ```
 */
export async function loadOptionalPackage<Module>(
  packageName: string,
  feature: string,
  load: () => Promise<Module>,
): Promise<Module> {
  try {
    return await load();
  } catch (error) {
    if (isMissing(error, packageName)) throw new MissingPackageError({ packageName, feature });
    throw error;
  }
}

/** Whether `error` says `packageName` itself cannot be found (not one of its own imports). */
function isMissing(error: unknown, packageName: string): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  return error.message.includes(`'${packageName}'`) || error.message.includes(`"${packageName}"`);
}
