/** One legal segment of an apcore module id. */
const LEGAL_SEGMENT = /^[a-z][a-z0-9_]*$/;

/**
 * One dot-separated segment in apcore's alphabet: a legal one is kept as it is; otherwise
 * camelCase is split into words (`listPets` -> `list_pets`, `getHTTPResponse` ->
 * `get_http_response`), every character outside `[A-Za-z0-9_]` becomes `_`, and the result is
 * lower-cased. A segment starting with a digit stays illegal: repairing it would invent a name.
 */
function normalizeSegment(segment: string): string {
  if (LEGAL_SEGMENT.test(segment)) return segment;
  return segment
    .replace(/[^A-Za-z0-9_]/g, '_')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
}

/**
 * A module id in apcore's canonical alphabet (`^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$`), segment
 * by segment; empty segments are dropped. The result may still be illegal (`v1.2fa.post`): see
 * {@link findIllegalSegment}.
 *
 * @example
 * ```ts
 * normalizeModuleId('PetStore.listPets'); // 'pet_store.list_pets'
 * ```
 */
export function normalizeModuleId(moduleId: string): string {
  return moduleId
    .split('.')
    .map(normalizeSegment)
    .filter((segment) => segment !== '')
    .join('.');
}

/**
 * The id an operation gets before the prefix: its `operationId` when it has one, else its path's
 * segments (braces stripped) and the method (`/users/{user_id}` GET -> `users.user_id.get`;
 * the path `/` gives `root.get`). Normalised by {@link normalizeModuleId}.
 *
 * @example
 * ```ts
 * deriveModuleId('/pets/{petId}', 'get', undefined); // 'pets.pet_id.get'
 * ```
 */
export function deriveModuleId(path: string, method: string, operationId: unknown): string {
  if (typeof operationId === 'string' && operationId.trim() !== '') {
    return normalizeModuleId(operationId.trim());
  }
  const segments = path
    .split('/')
    .map((segment) => segment.replace(/[{}]/g, ''))
    .filter((segment) => segment !== '');
  return normalizeModuleId([...(segments.length === 0 ? ['root'] : segments), method].join('.'));
}

/**
 * The id with its prefix, normalised as a whole (`PetStore` + `list_pets` -> `pet_store.list_pets`).
 *
 * @example
 * ```ts
 * prefixModuleId('PetStore', 'list_pets'); // 'pet_store.list_pets'
 * ```
 */
export function prefixModuleId(prefix: string | undefined, moduleId: string): string {
  return prefix === undefined || prefix === ''
    ? moduleId
    : normalizeModuleId(`${prefix}.${moduleId}`);
}

/**
 * The first segment of `moduleId` outside apcore's alphabet (`2fa` of `v1.2fa.post`), the empty
 * string for an empty id, or `null` when the id is legal.
 *
 * @example
 * ```ts
 * findIllegalSegment('v1.2fa.post'); // '2fa'
 * ```
 */
export function findIllegalSegment(moduleId: string): string | null {
  if (moduleId === '') return '';
  return moduleId.split('.').find((segment) => !LEGAL_SEGMENT.test(segment)) ?? null;
}

/**
 * `moduleId`, or when `taken` already has it, the first free `moduleId_2`, `moduleId_3`, ...
 *
 * @example
 * ```ts
 * deduplicateModuleId('list_pets', new Set(['list_pets'])); // 'list_pets_2'
 * ```
 */
export function deduplicateModuleId(moduleId: string, taken: ReadonlySet<string>): string {
  if (!taken.has(moduleId)) return moduleId;
  let suffix = 2;
  while (taken.has(`${moduleId}_${suffix}`)) suffix += 1;
  return `${moduleId}_${suffix}`;
}
