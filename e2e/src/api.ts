import { baseUrl } from './browser';

/** Calls the platform's API as the journeys' set-up does (`token`: a bearer, or none); an answer of 300 or more throws with its text. */
export async function callApi<T>(method: string, apiPath: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${apiPath}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300) throw new Error(`${method} ${apiPath} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}
