import { redactUrl } from './log-redaction';

describe('redactUrl (issue 39: gift-card codes never in logs)', () => {
  it('hides a code in the balance check, the void and the ledger, typed in any form', () => {
    expect(redactUrl('/gift-cards/7KQ2-MX9P-4HTR-WN3C')).toBe('/gift-cards/[código]');
    expect(redactUrl('/api/gift-cards/7kq2mx9p4htrwn3c?x=1')).toBe('/api/gift-cards/[código]?x=1');
    expect(redactUrl('/gift-cards/7KQ2%20MX9P%204HTR%20WN3C/ledger')).toBe('/gift-cards/[código]/ledger');
    expect(redactUrl('/api/gift-cards/7KQ2-MX9P-4HTR-WN3C/void')).toBe('/api/gift-cards/[código]/void');
    // The admin's search may name a whole code.
    expect(redactUrl('/api/gift-cards?page=1&q=7KQ2-MX9P-4HTR-WN3C')).toBe('/api/gift-cards?page=1&q=[oculto]');
    expect(redactUrl('/gift-cards/?q=7KQ2MX9P4HTRWN3C')).toBe('/gift-cards/?q=[oculto]');
  });

  it('keeps what is no code: the buyer’s list, the admin’s issue, a card id, other paths', () => {
    expect(redactUrl('/gift-cards/mine')).toBe('/gift-cards/mine');
    expect(redactUrl('/gift-cards/issue')).toBe('/gift-cards/issue');
    expect(redactUrl('/gift-cards/65f1c0ffee65f1c0ffee0001/ledger')).toBe('/gift-cards/65f1c0ffee65f1c0ffee0001/ledger');
    expect(redactUrl('/orders?q=ana')).toBe('/orders?q=ana');
    expect(redactUrl('/orders/65f1c0ffee65f1c0ffee0001')).toBe('/orders/65f1c0ffee65f1c0ffee0001');
  });
});
