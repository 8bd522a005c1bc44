import { isRecord } from '@apcore-mcp/core/bridge';

/** A primitive as a parameter's text (objects and arrays are spread by their style). */
function textOf(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Query pairs of one parameter, by OpenAPI style (`form`, `spaceDelimited`, `pipeDelimited`, `deepObject`). */
export function queryPairs(
  name: string,
  value: unknown,
  style: string,
  explode: boolean,
): [string, string][] {
  if (Array.isArray(value)) {
    if (style === 'form' && explode) return value.map((item) => [name, textOf(item)]);
    const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return [[name, value.map(textOf).join(separator)]];
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (style === 'deepObject')
      return entries.map(([key, item]) => [`${name}[${key}]`, textOf(item)]);
    if (explode) return entries.map(([key, item]) => [key, textOf(item)]);
    return [[name, entries.flatMap(([key, item]) => [key, textOf(item)]).join(',')]];
  }
  return [[name, textOf(value)]];
}

/** A path parameter's text, its parts percent-encoded (`simple`, `label` and `matrix` styles). */
export function pathValue(name: string, value: unknown, style: string, explode: boolean): string {
  const encode = (item: unknown) => encodeURIComponent(textOf(item));
  let parts: string[];
  let pairs = false;
  if (Array.isArray(value)) parts = value.map(encode);
  else if (isRecord(value)) {
    pairs = true;
    parts = Object.entries(value).map(([key, item]) =>
      explode
        ? `${encodeURIComponent(key)}=${encode(item)}`
        : `${encodeURIComponent(key)},${encode(item)}`,
    );
  } else parts = [encode(value)];
  if (style === 'label') return `.${parts.join(explode ? '.' : ',')}`;
  if (style === 'matrix') {
    if (explode && !pairs) return parts.map((part) => `;${name}=${part}`).join('');
    return explode ? parts.map((part) => `;${part}`).join('') : `;${name}=${parts.join(',')}`;
  }
  return parts.join(',');
}

/** A header (or cookie) parameter's text (`simple` style). */
export function simpleValue(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(textOf).join(',');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, item]) => (explode ? `${key}=${textOf(item)}` : `${key},${textOf(item)}`))
      .join(',');
  }
  return textOf(value);
}
