export { AccessTokensService } from './access-tokens.service.js';
export {
  ADMIN_SESSION_ROUTE,
  AdminSessionRoute,
  AnyAdminCaller,
  RequireScopeByQuery,
  CurrentCustomerId,
  CurrentPrincipal,
  CurrentStore,
  RequireScope,
  UrlTokenRoute,
} from './access.decorators.js';
export { API_KEY_HEADER, apiOf, bearerToken, STOREFRONT_V2_PATH } from './api-access.guard.js';
export { ApiKeyResolverService } from './api-key-resolver.service.js';
export { ApiKeyTokens } from './api-key-tokens.js';
export { API_KEY_TYPES, ApiKey } from './api-key.entity.js';
export type { ApiKeyType } from './api-key.entity.js';
export { AuthModule } from './auth.module.js';
export { PasswordHasher } from './password-hasher.js';
export type { Principal } from './principal.js';
export { CURRENCY_HEADER, RequestCurrency, requestCurrency } from './request-currency.decorator.js';
export {
  LOCALE_HEADER,
  matchLocale,
  RequestLocale,
  requestLocale,
} from './request-locale.decorator.js';
export { headerValue } from './header-value.js';
export { COUNTRY_HEADER, RequestLocalization } from './request-localization.js';
export { RefreshToken } from './refresh-token.entity.js';
export { Role } from './role.entity.js';
export { ALL_SCOPES, SCOPE_RESOURCES, excessScopes, isScope } from './scopes.js';
export type { Scope } from './scopes.js';
export { SessionsService } from './sessions.service.js';
export type { SessionOwner } from './sessions.service.js';
export { StaffUser } from './staff-user.entity.js';
export { TOKEN_LIFETIME_S } from './token-lifetimes.js';
export { STOREFRONT_OAUTH_PATH } from './api-access.guard.js';
