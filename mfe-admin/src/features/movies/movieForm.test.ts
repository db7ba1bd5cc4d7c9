import { isYoutubeLink } from '@cine/contracts';
import { addGenre, emptyMovieForm, toMovieInput, validateMovieForm, type MovieFormValues } from './movieForm';

const complete: MovieFormValues = {
  Title: 'Matrix',
  Plot: 'Un hacker descubre la verdad.',
  Language: 'Inglés',
  Director: 'Lana Wachowski',
  genres: ['Acción', 'Ciencia Ficción'],
  Actors: 'Keanu Reeves',
  Release: '2026-12-01',
  Rated: '+13',
  Type: '2D',
  Runtime: '136',
  Poster: '/api/uploads/abc',
  Trailer: 'https://www.youtube.com/watch?v=vKQi3bBA1y8',
};

test('a complete form has no errors and becomes the API body', () => {
  expect(validateMovieForm(complete)).toEqual({});
  expect(toMovieInput(complete)).toEqual({
    Title: 'Matrix',
    Plot: 'Un hacker descubre la verdad.',
    Language: 'Inglés',
    Director: 'Lana Wachowski',
    Genre: 'Acción, Ciencia Ficción',
    Actors: 'Keanu Reeves',
    Release: '2026-12-01',
    Rated: '+13',
    Type: '2D',
    Runtime: 136,
    Poster: '/api/uploads/abc',
    Trailer: 'https://www.youtube.com/watch?v=vKQi3bBA1y8',
  });
});

test('every required field has its spec message', () => {
  expect(validateMovieForm(emptyMovieForm)).toEqual({
    Title: 'Por favor ingresa un titulo *',
    Plot: 'Por favor ingresa la trama *',
    Language: 'Por favor ingresa un idioma *',
    Director: 'Por favor ingresa el Director *',
    genres: 'Por favor ingresa el/los géneros/s *',
    Actors: 'Por favor ingresa los actores *',
    Release: 'Por favor ingresa una fecha de estreno *',
    Rated: 'Por favor ingresa una clasificacion *',
    Type: 'Por favor ingresa un tipo *',
    Runtime: 'Por favor ingresa tiempo de duración de la pelicula*',
    Poster: 'Por favor ingresa una imagen *',
    Trailer: 'Por favor ingresa un trailer *',
  });
});

test.each(['abc', '12a', '-5', '1.5', '0'])('runtime %p is not a number of minutes', (Runtime) => {
  expect(validateMovieForm({ ...complete, Runtime }).Runtime).toBe('Alguno de los valores no es un número *');
});

test.each([
  'https://www.youtube.com/watch?v=vKQi3bBA1y8',
  'https://youtube.com/watch?feature=share&v=vKQi3bBA1y8',
  'https://www.youtube.com/embed/vKQi3bBA1y8',
  'http://www.youtube.com/v/vKQi3bBA1y8?version=3',
  'https://youtu.be/vKQi3bBA1y8',
  'youtu.be/vKQi3bBA1y8',
])('%s is a YouTube link', (link) => {
  expect(isYoutubeLink(link)).toBe(true);
});

test.each([
  'https://vimeo.com/123456789',
  'https://www.youtube.com/watch?v=short',
  'https://www.youtube.com/channel/vKQi3bBA1y8',
  'https://youtu.be/vKQi3bBA1y8x',
  'no es un link',
])('%s is refused as a trailer', (Trailer) => {
  expect(validateMovieForm({ ...complete, Trailer }).Trailer).toBe('Solo se aceptan links de youtube *');
});

test('at most four genres and no repeats', () => {
  expect(addGenre(['Drama'], 'Drama')).toBeNull();
  expect(addGenre(['Acción', 'Drama', 'Terror', 'Musical'], 'Comedia')).toBeNull();
  expect(addGenre(['Acción', 'Drama', 'Terror'], 'Comedia')).toEqual(['Acción', 'Drama', 'Terror', 'Comedia']);
});

test("a genre is not tagged twice under the spec's two spellings ('Aventura' of a seeded movie, then 'Aventuras')", () => {
  expect(addGenre(['Animación', 'Aventura'], 'Aventuras')).toBeNull();
  expect(addGenre(['Fantasía'], 'Fantasia')).toBeNull();
  expect(addGenre(['Animación'], 'Aventuras')).toEqual(['Animación', 'Aventuras']);
});
