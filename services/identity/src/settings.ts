import { SEEDED_CINEMA_IDS } from '@cine/contracts';
import { readEnv } from '@cine/service-kit';

export const DEFAULT_ADMIN_EMAIL = 'admin@cine.local';
export const DEFAULT_ADMIN_PASSWORD = 'CineAdmin2026!';

/** The administrator account created at start when no user has its e-mail. */
export interface AdminAccount {
  email: string;
  password: string;
}

export function adminAccountFromEnv(): AdminAccount {
  return {
    email: readEnv('ADMIN_EMAIL') ?? DEFAULT_ADMIN_EMAIL,
    password: readEnv('ADMIN_PASSWORD') ?? DEFAULT_ADMIN_PASSWORD,
  };
}

export const DEFAULT_MANAGER_EMAIL = 'gerente.norte@cine.local';
export const DEFAULT_MANAGER_PASSWORD = 'CineGerente2026!';

/** A manager seeded with a fresh installation (issue 38): Cine Norte's, the second of the seeded cinemas. */
export interface SeededManager extends AdminAccount {
  cinemaId: string;
}

export function managerAccountFromEnv(): SeededManager {
  return {
    email: readEnv('MANAGER_EMAIL') ?? DEFAULT_MANAGER_EMAIL,
    password: readEnv('MANAGER_PASSWORD') ?? DEFAULT_MANAGER_PASSWORD,
    cinemaId: SEEDED_CINEMA_IDS[1],
  };
}
