import { SERVER_FEATURES } from '../features/feature-list.js';

type Features = (typeof SERVER_FEATURES)[number];

/** `A | B` -> `A & B`: every feature's declarations in one object type. */
type Intersect<Union> = (Union extends unknown ? (part: Union) => void : never) extends (
  part: infer Whole,
) => void
  ? Whole
  : never;

/**
 * The option declarations of every feature, by feature name: each feature's options are listed
 * in `--help` under its name.
 *
 * @example
 * ```ts
 * Object.keys(FEATURE_OPTION_TABLE); // ['server-card']
 * ```
 */
export const FEATURE_OPTION_TABLE = Object.fromEntries(
  SERVER_FEATURES.map((feature) => [feature.name, feature.options]),
) as { [Feature in Features as Feature['name']]: Feature['options'] };

/**
 * The same declarations by option name.
 *
 * @example
 * ```ts
 * FEATURE_OPTIONS.serverCard.defaultValue; // undefined
 * ```
 */
export const FEATURE_OPTIONS = Object.assign(
  {},
  ...SERVER_FEATURES.map((feature) => feature.options),
) as Intersect<Features['options']>;
