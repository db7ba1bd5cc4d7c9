import { presaleStanding, seatsAgainstAhead, waitEstimateMinutes, waitingIn, type PresaleLine } from './presale-rules';

const line = (over: Partial<PresaleLine> = {}): PresaleLine => ({
  state: 'open',
  seatsLeft: 140,
  admittedThrough: 10,
  lastPosition: 400,
  joined: 400,
  admitPerMinute: 60,
  maxTicketsPerBuyer: 1,
  ...over,
});

test('the people ahead are those before the buyer not admitted yet', () => {
  expect(presaleStanding(line(), 323)).toMatchObject({ position: 323, ahead: 312, admitted: false });
  expect(presaleStanding(line(), 11)).toMatchObject({ ahead: 0, admitted: false });
  expect(presaleStanding(line(), 10)).toMatchObject({ ahead: 0, admitted: true, estimateMinutes: 0, seatsMessage: null });
});

test("the issue's odds: 140 seats against 312 people ahead may not be enough", () => {
  expect(presaleStanding(line(), 323).seatsMessage).toBe('Quedan 140 butacas y hay 312 personas delante: es posible que no alcancen');
  expect(seatsAgainstAhead(140, 12, 4)).toBe('Quedan 140 butacas y hay 12 personas delante.');
  // 40 people who may take 4 seats each could leave none.
  expect(seatsAgainstAhead(140, 40, 4)).toBe('Quedan 140 butacas y hay 40 personas delante: es posible que no alcancen');
  expect(seatsAgainstAhead(1, 1, 1)).toBe('Queda 1 butaca y hay 1 persona delante.');
  expect(seatsAgainstAhead(5, 0, 4)).toBe('Quedan 5 butacas y eres la próxima persona en entrar.');
  expect(seatsAgainstAhead(0, 7, 4)).toBe('Se agotaron las butacas de la preventa.');
});

test('before the opening nobody has a position, and everyone who joined is waiting', () => {
  const before = line({ state: 'scheduled', admittedThrough: 0, lastPosition: 0, joined: 57 });
  expect(presaleStanding(before, null)).toEqual({
    state: 'scheduled',
    position: null,
    ahead: null,
    seatsLeft: 140,
    admitted: false,
    estimateMinutes: null,
    seatsMessage: null,
  });
  expect(waitingIn(before)).toBe(57);
  expect(waitingIn(line())).toBe(390);
});

test('the estimate counts the admissions until the turn at the metered rate, and none while the line is stopped', () => {
  expect(waitEstimateMinutes(0, 60)).toBe(1);
  expect(waitEstimateMinutes(59, 60)).toBe(1);
  expect(waitEstimateMinutes(60, 60)).toBe(2);
  expect(waitEstimateMinutes(1199, 600)).toBe(2);
  expect(presaleStanding(line({ state: 'sold_out', seatsLeft: 0 }), 50).estimateMinutes).toBeNull();
});
