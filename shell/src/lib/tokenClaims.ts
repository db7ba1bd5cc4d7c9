import type { Role } from '@cine/contracts';

const roles: readonly Role[] = ['user', 'staff', 'manager', 'admin'];

/**
 * The role a stored token claims, read without verifying it (the browser has no secret): only to choose
 * which screens to show while the server cannot be reached to check it. Every call is checked by the server.
 */
export function claimedRole(token: string): Role {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown };
    return roles.find((role) => role === claims.role) ?? 'user';
  } catch {
    return 'user';
  }
}
