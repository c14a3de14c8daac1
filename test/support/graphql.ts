/** The result of one GraphQL call over HTTP. */
export interface GqlResult<T> {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
  headers: Headers;
}

/**
 * A minimal GraphQL-over-HTTP client for tests: sends a bearer session token or a cookie when
 * given, and returns status, data, errors and headers (for Set-Cookie).
 */
export async function gql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  auth: { session?: string; cookie?: string } = {},
): Promise<GqlResult<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth.session) headers.authorization = `Bearer ${auth.session}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: GqlResult<T>['errors'] };
  return { status: res.status, data: body.data ?? undefined, errors: body.errors, headers: res.headers };
}

/** Like `gql`, but throws on any error: for setup steps that must succeed. */
export async function gqlOk<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  auth: { session?: string; cookie?: string } = {},
): Promise<T> {
  const r = await gql<T>(url, query, variables, auth);
  if (r.errors?.length || !r.data) throw new Error(`GraphQL call failed: ${JSON.stringify(r.errors)}`);
  return r.data;
}

/** Asserts that a call failed with BAD_USER_INPUT naming `field` (its first error). */
export function expectBadInput(r: Pick<GqlResult<unknown>, 'errors'>, field: string): void {
  expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
}
