import { cinemaRefOf } from '@cine/web-kit/testing';
import { aShow } from '../../test/fixtures';
import { cinemasWithShows, showsOfCinema } from './showOptions';

const centro = cinemaRefOf('centro');
const norte = cinemaRefOf('norte');
const shows = [
  aShow({ id: 'a', date: '2026-11-28', ...norte }),
  aShow({ id: 'b', date: '2026-11-26', ...centro }),
  aShow({ id: 'c', date: '2026-11-27', ...norte }),
];

test('the shows of one cinema, or every show with none chosen', () => {
  expect(showsOfCinema(shows, norte.cinemaId).map((show) => show.id)).toEqual(['a', 'c']);
  expect(showsOfCinema(shows, null).map((show) => show.id)).toEqual(['a', 'b', 'c']);
});

test('the cinemas that show the movie, each once by name, with its first day', () => {
  expect(cinemasWithShows(shows)).toEqual([
    { ...centro.cinema, firstDate: '2026-11-26' },
    { ...norte.cinema, firstDate: '2026-11-27' },
  ]);
  expect(cinemasWithShows([])).toEqual([]);
});
