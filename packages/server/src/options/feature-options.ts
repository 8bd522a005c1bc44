import type {
  FeatureFrame,
  FeatureOptionDeclarations,
  ResolvedFeatureOptions,
  ServerFeature,
} from '../feature-api/server-feature.js';
import { SERVER_FEATURES } from '../features/feature-list.js';
import type { Logger } from '../kernel/logger.js';

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

/**
 * What a feature is told of the server when its options are checked and when it opens, read
 * from the resolved options.
 *
 * @example
 * ```ts
 * const frame = featureFrameOf(resolved, logger);
 * ```
 */
export function featureFrameOf(
  resolved: Omit<FeatureFrame, 'logger'>,
  logger: Logger,
): FeatureFrame {
  const { name, version, transport, path, host, allowedHosts } = resolved;
  return { name, version, transport, path, host, allowedHosts, logger };
}

/**
 * Every feature, in the list's order, with its own options as `resolved` holds them (the
 * option table is built from the list, so the resolved options hold every feature's own).
 *
 * @example
 * ```ts
 * for (const { feature, options } of featuresWithOptions(resolved)) feature.checkOptions?.(options, frame);
 * ```
 */
export function featuresWithOptions(resolved: object): {
  feature: ServerFeature;
  options: ResolvedFeatureOptions<FeatureOptionDeclarations>;
}[] {
  const options = resolved as ResolvedFeatureOptions<FeatureOptionDeclarations>;
  const features: readonly ServerFeature[] = SERVER_FEATURES;
  return features.map((feature) => ({ feature, options }));
}
