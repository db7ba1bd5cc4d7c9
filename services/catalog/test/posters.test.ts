import { posterTitleLayout, seededPoster } from '../src/movies/posters';
import { seedMovies } from '../src/movies/seed-movies';

/** The frame's inner width, and the widest a bold capital of the poster's font is, in font sizes. */
const ROOM = 336;
const WIDEST_CAPITAL = 0.78;

describe('generated posters', () => {
  it.each([
    'Alien: Romulus',
    'Spider-Man: A Través del Spider-Verso',
    'Godzilla y Kong: El Nuevo Imperio',
    'Beetlejuice Beetlejuice',
    'Up',
  ])("fit the title '%s' inside the frame, line by line", (title) => {
    const { lines, fontSize, baselines } = posterTitleLayout(title);
    expect(lines.join(' ')).toBe(title.toUpperCase());
    for (const line of lines) expect(line.length * fontSize * WIDEST_CAPITAL).toBeLessThanOrEqual(ROOM);
    // Between the rating at the top (y 80) and the director at the bottom (y 540).
    expect(Math.min(...baselines) - fontSize).toBeGreaterThan(100);
    expect(Math.max(...baselines)).toBeLessThan(510);
  });

  it("draws 'ALIEN: ROMULUS' whole, smaller than a short title", () => {
    const alien = posterTitleLayout('Alien: Romulus');
    expect(alien.lines).toEqual(['ALIEN:', 'ROMULUS']);
    expect(posterTitleLayout('Up').fontSize).toBe(48);
    const svg = seededPoster(seedMovies.find((movie) => movie.title === 'Alien: Romulus')?.slug ?? '') ?? '';
    expect(svg).toContain('>ALIEN:</text>');
    expect(svg).toContain('>ROMULUS</text>');
  });
});
