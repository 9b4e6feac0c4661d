// jshERP-boot's session token, as UserService.login makes it: a random UUID's 32 hex digits, with `_<tenantId>`
// appended for a tenant's users. The gateway stores (the session cookie), asks about (the notices' session check) and
// counts (message writes) only values of this shape, so nothing that could smuggle header syntax gets that far.
const TOKEN_SHAPE = /^[0-9a-f]{32}(?:_\d{1,19})?$/;

export function isTokenShaped(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** Tenant of a token: the digits after `_`, without leading zeros (ids can pass 2^53: no Number round trip); else '0'. */
export function tenantOfToken(token: string): string {
  const tenant = /_(\d+)$/.exec(token)?.[1];
  return tenant === undefined ? '0' : canonicalTenant(tenant);
}

/** A tenant id as digits without leading zeros. */
export function canonicalTenant(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}
