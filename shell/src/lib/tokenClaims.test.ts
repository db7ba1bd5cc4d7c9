import { claimedRole } from './tokenClaims';

const tokenClaiming = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

test("reads the role a token claims; anything else is a plain user's", () => {
  expect(claimedRole(tokenClaiming({ sub: 'u1', role: 'staff', ver: 1 }))).toBe('staff');
  expect(claimedRole(tokenClaiming({ sub: 'u1', role: 'admin' }))).toBe('admin');
  expect(claimedRole(tokenClaiming({ sub: 'u1', role: 'manager', cin: ['c1e000000000000000000002'] }))).toBe('manager');
  expect(claimedRole(tokenClaiming({ sub: 'u1', role: 'root' }))).toBe('user');
  expect(claimedRole(tokenClaiming({ sub: 'u1' }))).toBe('user');
  expect(claimedRole('not-a-token')).toBe('user');
});
