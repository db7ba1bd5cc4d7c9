import type { CinemaView } from '@cine/contracts';

/** The chain the tests run on: the seeded three cinemas (issue 38), with fewer rooms. */
export const CENTRO = 'c1e000000000000000000001';
export const NORTE = 'c1e000000000000000000002';
export const CORDOBA = 'c1e000000000000000000003';

const cinema = (
  id: string,
  slug: string,
  name: string,
  city: string,
  rooms: Array<[number, number]>,
  timeZone = 'America/Argentina/Buenos_Aires',
): CinemaView => ({
  id,
  slug,
  name,
  city,
  address: `Dirección de ${name}`,
  hours: 'Todos los días de 12 a 24 h',
  timeZone,
  rooms: rooms.map(([room, capacity]) => ({ id: room, name: `Sala ${room}`, capacity })),
});

export const chain: CinemaView[] = [
  cinema(CENTRO, 'centro', 'Cine Centro', 'Buenos Aires', [
    [1, 120],
    [2, 100],
  ]),
  cinema(NORTE, 'norte', 'Cine Norte', 'Buenos Aires', [
    [6, 80],
    [7, 60],
  ]),
  cinema(CORDOBA, 'cordoba', 'Cine Córdoba', 'Córdoba', [[9, 90]], 'America/Argentina/Cordoba'),
];

/** A token as identity signs it, with the claims the panel reads (unverified in the browser): role and cinemas. */
export function tokenClaiming(claims: Record<string, unknown>): string {
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.firma`;
}
