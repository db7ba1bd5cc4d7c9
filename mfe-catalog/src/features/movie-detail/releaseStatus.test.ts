import { isUpcoming } from './releaseStatus';

const now = new Date('2026-11-22T15:00:00Z');

test('a release after today is upcoming; today or before is on the billboard', () => {
  expect(isUpcoming({ ReleaseDate: '2026-11-23' }, now)).toBe(true);
  expect(isUpcoming({ ReleaseDate: '2026-11-22' }, now)).toBe(false);
  expect(isUpcoming({ ReleaseDate: '2025-12-31' }, now)).toBe(false);
});

test("today is the cinema's day (Buenos Aires), like the catalog service's billboard", () => {
  const lateEveningInBuenosAires = new Date('2026-11-23T02:00:00Z');
  expect(isUpcoming({ ReleaseDate: '2026-11-23' }, lateEveningInBuenosAires)).toBe(true);
  expect(isUpcoming({ ReleaseDate: '2026-11-22' }, lateEveningInBuenosAires)).toBe(false);
});
