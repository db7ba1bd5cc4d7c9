import { PRESALE_MESSAGES } from '@cine/contracts';
import { emptyPresaleForm, instantAt, localInput, toPresaleInput, validatePresaleForm } from './presaleForm';

const BUENOS_AIRES = 'America/Argentina/Buenos_Aires';

describe('instantAt', () => {
  it("reads the cinema's wall clock in its zone", () => {
    expect(instantAt('2026-12-01T10:00', BUENOS_AIRES)?.toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(instantAt('2026-07-01T10:00', 'Europe/Madrid')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(instantAt('2026-01-15T10:00', 'Europe/Madrid')?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(instantAt('mañana', BUENOS_AIRES)).toBeNull();
  });

  it('is the inverse of localInput', () => {
    const instant = new Date('2026-03-29T01:30:00.000Z');
    expect(instantAt(localInput(instant, 'Europe/Madrid'), 'Europe/Madrid')?.toISOString()).toBe(instant.toISOString());
  });
});

describe('validatePresaleForm', () => {
  const now = new Date('2026-11-30T12:00:00.000Z');
  const valid = { ...emptyPresaleForm, opensAt: '2026-12-01T10:00' };

  it('accepts a form the service would, and builds its body', () => {
    expect(validatePresaleForm(valid, ['s1'], BUENOS_AIRES, now)).toEqual({});
    expect(toPresaleInput({ ...valid, admitPerMinute: '120' }, ['s1', 's2'], BUENOS_AIRES)).toEqual({
      showIds: ['s1', 's2'],
      opensAt: '2026-12-01T13:00:00.000Z',
      admitPerMinute: 120,
      sessionMinutes: 10,
      maxTicketsPerBuyer: 4,
    });
    expect(toPresaleInput(valid, ['s1'], BUENOS_AIRES)).not.toHaveProperty('admitPerMinute');
  });

  it('refuses no shows, an opening in the past, and numbers out of range, in Spanish', () => {
    expect(
      validatePresaleForm(
        { ...valid, opensAt: '2026-11-30T08:00', admitPerMinute: '0', sessionMinutes: '61', maxTicketsPerBuyer: 'x' },
        [],
        BUENOS_AIRES,
        now,
      ),
    ).toEqual({
      showIds: PRESALE_MESSAGES.noShows,
      opensAt: PRESALE_MESSAGES.opensInPast,
      admitPerMinute: expect.stringMatching(/entre 1 y 100000/),
      sessionMinutes: expect.stringMatching(/entre 1 y 60/),
      maxTicketsPerBuyer: expect.stringMatching(/entre 1 y 10/),
    });
  });
});
