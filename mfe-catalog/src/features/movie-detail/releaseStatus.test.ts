import { isUpcoming } from './releaseStatus';

const today = new Date(2026, 10, 22, 15, 0);

test('a release after today is upcoming; today or before is on the billboard', () => {
  expect(isUpcoming({ ReleaseDate: '2026-11-23' }, today)).toBe(true);
  expect(isUpcoming({ ReleaseDate: '2026-11-22' }, today)).toBe(false);
  expect(isUpcoming({ ReleaseDate: '2025-12-31' }, today)).toBe(false);
});
