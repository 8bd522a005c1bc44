import { readPackageVersion } from '@apcore-mcp/core/bridge';

/** This package's version, read once from its package.json. */
export const SERVER_VERSION: string = readPackageVersion(import.meta.url);
