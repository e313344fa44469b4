/**
 * Cookie name prefixes. The `__Host-` prefix: A browser accepts a cookie named `__Host-…` only when it is
 * Secure, comes from an https page, has Path=/ and has no Domain attribute. So such a cookie can
 * only have been set by this very host over HTTPS: a sibling subdomain (`evil.shop.example` setting
 * a cookie for `.shop.example`) or a plain-http page cannot plant or overwrite it.
 */

/**
 * The name to give the cookie `name`: `__Host-<name>` when it is Secure, `<name>` when not (a
 * browser would refuse a prefixed cookie without Secure, e.g. with COOKIE_SECURE=false on plain
 * http). The cookie must also have Path=/ and no Domain, which the caller sets.
 */
export function hostCookieName(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

/**
 * The name to give the cookie `name` that needs a narrower path than `/` (so `__Host-` cannot be
 * used): `__Secure-<name>` when it is Secure, which a browser accepts only from an https page, so
 * a plain-http page cannot plant or overwrite it; `<name>` when not.
 */
export function secureCookieName(name: string, secure: boolean): string {
  return secure ? `__Secure-${name}` : name;
}
