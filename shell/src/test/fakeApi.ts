import type { FakeApi } from '@cine/web-kit/testing';

export { installFakeApi, type FakeAnswer, type FakeApi, type FakeRequest } from '@cine/web-kit/testing';

export const users = {
  ana: { id: 'u-ana', username: 'ana', email: 'ana@cine.test', role: 'user' as const },
  root: { id: 'u-root', username: 'root', email: 'root@cine.test', role: 'admin' as const },
  portero: { id: 'u-portero', username: 'portero', email: 'portero@cine.test', role: 'staff' as const },
  /** A cinema's manager (issue 38). */
  gerente: { id: 'u-gerente', username: 'gerente', email: 'gerente@cine.test', role: 'manager' as const },
};

/** Puts a stored session in place and teaches the fake how the server verifies it. */
export function signedInAs(api: FakeApi, user: (typeof users)[keyof typeof users], token = `token-${user.id}`) {
  localStorage.setItem('sw-token', token);
  localStorage.setItem('sw-user-id', user.id);
  api.on('GET', '/api/auth/verifyrole', { status: 200, body: { role: user.role, id: user.id } });
  api.on('GET', '/api/auth/me', { status: 200, body: user });
}
