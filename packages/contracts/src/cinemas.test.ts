import { cartOfOtherCinemaMessage, cinemaScopeOf, isIanaTimeZone, scopeIncludes, wrongCinemaMessage } from './cinema-rules';

describe("the chain's cinemas", () => {
  it('takes IANA zone names and refuses offsets, abbreviations and unknown names', () => {
    for (const zone of ['America/Argentina/Buenos_Aires', 'Europe/Madrid', 'America/Argentina/Cordoba', 'UTC', 'Etc/GMT+3']) {
      expect(isIanaTimeZone(zone)).toBe(true);
    }
    for (const zone of ['', '+01:00', '-03:00', 'GMT-3', 'Mars/Olympus_Mons', 'Europe/', 'europe madrid', 'ART']) {
      expect(isIanaTimeZone(zone)).toBe(false);
    }
  });

  it('scopes an admin to every cinema, a manager or staff member to their own, a buyer to none', () => {
    const norte = 'c1e000000000000000000002';
    const centro = 'c1e000000000000000000001';
    expect(scopeIncludes(cinemaScopeOf({ role: 'admin' }), norte)).toBe(true);
    expect(scopeIncludes(cinemaScopeOf({ role: 'manager', cin: [norte] }), norte)).toBe(true);
    expect(scopeIncludes(cinemaScopeOf({ role: 'manager', cin: [norte] }), centro)).toBe(false);
    expect(scopeIncludes(cinemaScopeOf({ role: 'staff', cin: [centro] }), norte)).toBe(false);
    expect(scopeIncludes(cinemaScopeOf({ role: 'staff' }), centro)).toBe(false);
    // A buyer's token with a forged-looking claim still grants nothing.
    expect(scopeIncludes(cinemaScopeOf({ role: 'user', cin: [centro] }), centro)).toBe(false);
  });

  it("names the other cinema in the door's and the cart's refusals", () => {
    expect(wrongCinemaMessage('Cine Norte')).toBe('Entrada para Cine Norte, no para este cine');
    expect(cartOfOtherCinemaMessage('Cine Norte')).toContain('Cine Norte');
  });
});
