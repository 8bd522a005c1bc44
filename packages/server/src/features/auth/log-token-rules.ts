import type { Logger } from '../../kernel/logger.js';
import { describeAudienceRule } from './audience-rule.js';
import type { ResolvedAuth } from './auth-options.js';

/**
 * Says at startup which tokens the server accepts (info), and warns about each check an option
 * turned off: an operator reading the log should not have to work the defaults out from flags.
 *
 * @example
 * ```ts
 * logTokenRules(resolveAuth({ jwks })!, logger);
 * // Bearer tokens: audience: the resource URL of each request (...); issuer: any; exp: required; roles: the "roles" claim
 * ```
 */
export function logTokenRules(auth: ResolvedAuth, logger: Logger): void {
  const audience = describeAudienceRule(auth.audience, auth.resourceUrl);
  const issuer = auth.issuer === undefined ? 'any' : auth.issuer.join(', ');
  const exp = auth.allowNoExp ? 'optional' : 'required';
  logger.info(
    { audience, issuer, exp, rolesClaim: auth.rolesClaim },
    `Bearer tokens: audience: ${audience}; issuer: ${issuer}; exp: ${exp}; roles: the "${auth.rolesClaim}" claim`,
  );
  if (auth.audience.kind === 'any') {
    logger.warn(
      { audienceAny: true },
      'WARNING: bearer tokens issued for any audience are accepted (auth.audienceAny, CLI ' +
        '--auth-audience-any): a token the identity provider minted for another API works here too',
    );
  }
  if (auth.allowNoExp) {
    logger.warn(
      { allowNoExp: true },
      'WARNING: bearer tokens without an expiry (exp) are accepted (auth.allowNoExp, CLI ' +
        '--auth-allow-no-exp): such a token, once leaked, works for ever',
    );
  }
}
