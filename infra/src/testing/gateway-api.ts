/** A JSON call through the gateway. */
export async function api(base: string, method: string, pathname: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${base}/api${pathname}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
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
