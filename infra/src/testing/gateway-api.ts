/** A JSON call through the gateway. */
export async function api(
  base: string,
  method: string,
  pathname: string,
  {
    token,
    body,
    forwardedFor,
  }: {
    token?: string;
    body?: unknown;
    /** The client's address, as a proxy in front of the gateway (TRUST_PROXY) would send it. */ forwardedFor?: string;
  } = {},
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${base}/api${pathname}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (an SVG, an image)
  }
  return { status: response.status, json };
}

/** The token of a sign-in through the gateway; a refused sign-in throws with its answer. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const answer = await api(base, 'POST', '/auth/login', { body: { email, password } });
  if (answer.status !== 200) throw new Error(`sign-in of ${email}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return (answer.json as { token: string }).token;
}
