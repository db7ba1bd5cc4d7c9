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
