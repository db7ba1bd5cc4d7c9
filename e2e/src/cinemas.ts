import type { CinemaSalesRow, CinemaView, ShowView } from '@cine/contracts';
import { callApi as call } from './api';
import { uniqueEmail } from './browser';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './platform';

/** The admin's token, for the journeys' set-up through the API. */
async function adminToken(): Promise<string> {
  return (await call<{ token: string }>('POST', '/auth/login', null, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).token;
}

/** A cinema of the seeded chain by its slug ('centro', 'norte', 'cordoba'). */
export async function cinemaBySlug(slug: string): Promise<CinemaView> {
  const cinema = (await call<CinemaView[]>('GET', '/cinemas', null)).find((candidate) => candidate.slug === slug);
  if (!cinema) throw new Error(`no cinema '${slug}': the booking seed did not run`);
  return cinema;
}

/** A show of the cinema more than four hours ahead with room for a few buyers. */
export async function aShowAt(cinemaId: string): Promise<ShowView> {
  const shows = await call<ShowView[]>('GET', `/show/all?cinemaId=${cinemaId}`, null);
  const show = shows.find((candidate) => candidate.seats >= 10 && Date.parse(candidate.startsAt) > Date.now() + 4 * 60 * 60_000);
  if (!show) throw new Error(`no show ahead at cinema ${cinemaId}: the booking seed did not run`);
  return show;
}

/** A manager (or staff member) of `cinemaIds`, registered by the admin; answers how to sign in. */
export async function aManagerOf(
  cinemaIds: string[],
  password: string,
  role: 'manager' | 'staff' = 'manager',
): Promise<{ email: string; username: string }> {
  const email = uniqueEmail(role);
  const username = `${role === 'manager' ? 'gerente' : 'portero'}${Date.now() % 100000}`;
  await call('POST', '/auth/register', await adminToken(), { email, username, password, role, cinemaIds });
  return { email, username };
}

/** Waits until the sales service counts at least `tickets` tickets of the cinema (its projection follows order.paid). */
export async function waitForCinemaSales(cinemaId: string, tickets: number): Promise<void> {
  const token = await adminToken();
  for (let tries = 0; tries < 75; tries += 1) {
    const rows = await call<CinemaSalesRow[]>('GET', '/sales/cinemas', token);
    if ((rows.find((row) => row.cinemaId === cinemaId)?.tickets ?? 0) >= tickets) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the sales of cinema ${cinemaId} did not reach ${tickets} tickets`);
}
