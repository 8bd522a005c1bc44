/**
 * Whether `value` matches an ACL `pattern`, where `*` stands for any run of characters (dots
 * included): `*` matches everything, `image.*` every id below `image`, `*.admin.*` any id with
 * an `admin` segment in the middle. Without `*` the match is exact.
 *
 * @example
 * ```ts
 * matchPattern('image.*', 'image.resize'); // true
 * matchPattern('image.*', 'imaging.x');    // false
 * ```
 */
export function matchPattern(pattern: string, value: string): boolean {
  if (pattern === '*') return true;
  if (!pattern.includes('*')) return pattern === value;
  const parts = pattern.split('*');
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  if (!value.startsWith(first)) return false;
  if (value.length < first.length + last.length || !value.endsWith(last)) return false;
  let position = first.length;
  const end = value.length - last.length;
  for (const part of parts.slice(1, -1)) {
    if (part === '') continue;
    const found = value.indexOf(part, position);
    if (found === -1 || found + part.length > end) return false;
    position = found + part.length;
  }
  return true;
}
