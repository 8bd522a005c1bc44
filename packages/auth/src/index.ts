// Any new export added here becomes public API: named exports only, no wildcards.
export { type ClaimNames, identityFromClaims, scopesOf } from './claims-identity.js';
export {
  createTokenVerifier,
  type TokenVerifier,
  type VerifiedToken,
} from './token-verifier.js';
export type {
  AudienceRule,
  JsonWebKey,
  JsonWebKeySet,
  TokenClaims,
  TokenKeys,
  TokenVerifierOptions,
  VerifierLogger,
} from './token-verifier-options.js';
