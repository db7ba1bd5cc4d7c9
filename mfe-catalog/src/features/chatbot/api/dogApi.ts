const RANDOM_DOG_URL = 'https://dog.ceo/api/breeds/image/random';

/** A random dog picture URL from the public dog.ceo API; rejects when it cannot be reached. */
export async function fetchRandomDogImage(): Promise<string> {
  const response = await fetch(RANDOM_DOG_URL);
  if (!response.ok) throw new Error(`dog.ceo respondió ${response.status}`);
  const body = (await response.json()) as { message?: unknown };
  if (typeof body.message !== 'string') throw new Error('dog.ceo no envió una imagen');
  return body.message;
}
