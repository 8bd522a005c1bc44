import { isRecord } from '@apcore-mcp/core/bridge';
import { ANNOTATION_DEFAULTS, type AnnotationFlag } from '../normalize-annotations.js';

/**
 * Annotations stated per group (`{ orders: { destructive: true } }`): each wins over the
 * aggregate of its group's modules.
 *
 * @example
 * ```ts
 * const stated: GroupAnnotations = { orders: { destructive: true, idempotent: false } };
 * ```
 */
export type GroupAnnotations = Readonly<
  Record<string, Readonly<Partial<Record<AnnotationFlag, boolean>>>>
>;

const FLAGS = Object.keys(ANNOTATION_DEFAULTS) as AnnotationFlag[];

function isFlag(name: string): name is AnnotationFlag {
  return (FLAGS as string[]).includes(name);
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : JSON.stringify(value);
}

/**
 * Checks annotations stated per group and returns a frozen copy; `undefined` is none.
 *
 * @throws {TypeError} for something that is not an object of objects of booleans, naming where.
 * @throws {RangeError} for a name that is no annotation, naming the allowed ones.
 * @example
 * ```ts
 * resolveGroupAnnotations({ orders: { destructiv: true } });
 * // RangeError: groupAnnotations.orders.destructiv is not an annotation; one of readonly, ...
 * ```
 */
export function resolveGroupAnnotations(value: unknown): GroupAnnotations {
  if (value === undefined) return Object.freeze({});
  if (!isRecord(value)) {
    throw new TypeError(
      `groupAnnotations must be an object of annotations by group, got ${describeValue(value)}`,
    );
  }
  const resolved: Record<string, Readonly<Partial<Record<AnnotationFlag, boolean>>>> = {};
  for (const [group, stated] of Object.entries(value)) {
    const where = `groupAnnotations.${group}`;
    if (!isRecord(stated)) {
      throw new TypeError(
        `${where} must be an object of annotations, got ${describeValue(stated)}`,
      );
    }
    const flags: Partial<Record<AnnotationFlag, boolean>> = {};
    for (const [name, flag] of Object.entries(stated)) {
      if (!isFlag(name)) {
        throw new RangeError(`${where}.${name} is not an annotation; one of ${FLAGS.join(', ')}`);
      }
      if (typeof flag !== 'boolean') {
        throw new TypeError(`${where}.${name} must be true or false, got ${describeValue(flag)}`);
      }
      flags[name] = flag;
    }
    resolved[group] = Object.freeze(flags);
  }
  return Object.freeze(resolved);
}
