import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, fieldStyles } from '@cine/web-kit/ui';
import { ErrorMessage, FieldError, SuccessMessage } from '../../../components/FormMessage';
import { errorMessage } from '@cine/web-kit';
import { createMovie, updateMovie, uploadPoster, type Movie } from '../api/movies';
import {
  GENRE_LIMIT_ALERT,
  GENRE_OPTIONS,
  RATED_OPTIONS,
  TYPE_OPTIONS,
  addGenre,
  emptyMovieForm,
  movieFormFromMovie,
  toMovieInput,
  validateMovieForm,
  type MovieFormErrors,
  type MovieFormField,
  type MovieFormValues,
} from '../movieForm';

/** Admin success messages stay 5 seconds (spec §9). */
const SUCCESS_MESSAGE_MS = 5000;

interface MovieFormProps {
  token: string;
  /** The movie being edited; without it the form creates a new one. */
  movie?: Movie;
  onSaved?: (movie: Movie) => void;
}

/** The movie create and edit form with the spec §5 rules; the catalog checks the same rules again. */
export function MovieForm({ token, movie, onSaved }: MovieFormProps) {
  const editing = movie !== undefined;
  const idPrefix = useId();
  const [values, setValues] = useState<MovieFormValues>(() => (movie ? movieFormFromMovie(movie) : emptyMovieForm));
  const [errors, setErrors] = useState<MovieFormErrors>({});
  const [genreChoice, setGenreChoice] = useState('');
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const posterInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const fieldId = (field: MovieFormField) => `${idPrefix}-${field}`;
  const describedBy = (field: MovieFormField) => (errors[field] ? `${fieldId(field)}-error` : undefined);
  const controlProps = (field: MovieFormField) => ({
    id: fieldId(field),
    'aria-required': true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field),
  });

  // A field's message goes away once the admin changes it; the next submit checks everything again.
  const clearError = (field: MovieFormField) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const setField =
    (field: Exclude<MovieFormField, 'genres'>) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      clearError(field);
    };

  const onAddGenre = () => {
    if (!genreChoice) return;
    const genres = addGenre(values.genres, genreChoice);
    if (!genres) {
      window.alert(GENRE_LIMIT_ALERT);
      return;
    }
    setValues((current) => ({ ...current, genres }));
    setGenreChoice('');
    clearError('genres');
  };

  const onRemoveGenre = (genre: string) =>
    setValues((current) => ({ ...current, genres: current.genres.filter((chosen) => chosen !== genre) }));

  const onPosterChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const url = await uploadPoster(token, file);
      setValues((current) => ({ ...current, Poster: url }));
      clearError('Poster');
    } catch (error) {
      setUploadError(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    setSuccess(null);
    const found = validateMovieForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const saved = editing ? await updateMovie(token, movie.id, toMovieInput(values)) : await createMovie(token, toMovieInput(values));
      if (editing) {
        setSuccess('Película actualizada con éxito.');
      } else {
        setValues(emptyMovieForm);
        if (posterInput.current) posterInput.current.value = '';
        setSuccess('Película creada con éxito.');
      }
      onSaved?.(saved);
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const fieldError = (field: MovieFormField) =>
    errors[field] ? <FieldError id={`${fieldId(field)}-error`}>{errors[field]}</FieldError> : null;

  return (
    <Form onSubmit={onSubmit} noValidate aria-label={editing ? 'Editar Pelicula' : 'Crear Pelicula'}>
      <Grid>
        <Field label="Título" htmlFor={fieldId('Title')} error={fieldError('Title')}>
          <input type="text" value={values.Title} onChange={setField('Title')} {...controlProps('Title')} />
        </Field>
        <Field label="Idioma" htmlFor={fieldId('Language')} error={fieldError('Language')}>
          <input type="text" value={values.Language} onChange={setField('Language')} {...controlProps('Language')} />
        </Field>
        <Field label="Trama" htmlFor={fieldId('Plot')} error={fieldError('Plot')} wide>
          <textarea rows={3} value={values.Plot} onChange={setField('Plot')} {...controlProps('Plot')} />
        </Field>
        <Field label="Director" htmlFor={fieldId('Director')} error={fieldError('Director')}>
          <input type="text" value={values.Director} onChange={setField('Director')} {...controlProps('Director')} />
        </Field>
        <Field label="Actores" htmlFor={fieldId('Actors')} error={fieldError('Actors')}>
          <input type="text" value={values.Actors} onChange={setField('Actors')} {...controlProps('Actors')} />
        </Field>

        <Field label="Género" htmlFor={fieldId('genres')} error={fieldError('genres')} wide>
          <GenreRow>
            <select value={genreChoice} onChange={(event) => setGenreChoice(event.target.value)} {...controlProps('genres')}>
              <option value="">Elegí un género</option>
              {GENRE_OPTIONS.map((genre) => (
                <option key={genre} value={genre}>
                  {genre}
                </option>
              ))}
            </select>
            <Button type="button" $variant="secondary" onClick={onAddGenre}>
              Agregar género
            </Button>
          </GenreRow>
          {values.genres.length > 0 && (
            <Chips aria-label="Géneros elegidos">
              {values.genres.map((genre) => (
                <li key={genre}>
                  {genre}
                  <button type="button" aria-label={`Quitar ${genre}`} onClick={() => onRemoveGenre(genre)}>
                    ×
                  </button>
                </li>
              ))}
            </Chips>
          )}
        </Field>

        <Field label="Fecha de estreno" htmlFor={fieldId('Release')} error={fieldError('Release')}>
          <input type="date" value={values.Release} onChange={setField('Release')} {...controlProps('Release')} />
        </Field>
        <Field label="Duración (minutos)" htmlFor={fieldId('Runtime')} error={fieldError('Runtime')}>
          <input type="text" inputMode="numeric" value={values.Runtime} onChange={setField('Runtime')} {...controlProps('Runtime')} />
        </Field>
        <Field label="Clasificación" htmlFor={fieldId('Rated')} error={fieldError('Rated')}>
          <select value={values.Rated} onChange={setField('Rated')} {...controlProps('Rated')}>
            <option value="">Elegí una clasificación</option>
            {RATED_OPTIONS.map((rated) => (
              <option key={rated} value={rated}>
                {rated}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Tipo" htmlFor={fieldId('Type')} error={fieldError('Type')}>
          <select value={values.Type} onChange={setField('Type')} {...controlProps('Type')}>
            <option value="">Elegí un tipo</option>
            {TYPE_OPTIONS.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </Field>

        <Field label="Póster" htmlFor={fieldId('Poster')} error={fieldError('Poster')} wide>
          <input ref={posterInput} type="file" accept="image/*" onChange={onPosterChange} {...controlProps('Poster')} />
          {uploading && <p role="status">Subiendo imagen…</p>}
          {uploadError && <ErrorMessage>{uploadError}</ErrorMessage>}
          {values.Poster && <Preview src={values.Poster} alt="Vista previa del póster" />}
        </Field>
        <Field label="Trailer" htmlFor={fieldId('Trailer')} error={fieldError('Trailer')} wide>
          <input
            type="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={values.Trailer}
            onChange={setField('Trailer')}
            {...controlProps('Trailer')}
          />
        </Field>
      </Grid>

      {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
      {success && <SuccessMessage>{success}</SuccessMessage>}
      <Button type="submit" disabled={submitting || uploading}>
        {submitting ? 'Guardando…' : editing ? 'Actualizar Pelicula' : 'Crear Pelicula'}
      </Button>
    </Form>
  );
}

interface FieldProps {
  label: string;
  htmlFor: string;
  error: ReactNode;
  wide?: boolean;
  children: ReactNode;
}

function Field({ label, htmlFor, error, wide, children }: FieldProps) {
  return (
    <FieldBox $wide={wide}>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {error}
    </FieldBox>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const Grid = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: minmax(0, 1fr);

  @media (min-width: 36rem) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const FieldBox = styled.div<{ $wide?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};

  label {
    font-size: 0.9rem;
    color: var(--cine-muted, #a6a6bb);
  }

  input,
  select,
  textarea {
    ${fieldStyles}
  }

  textarea {
    resize: vertical;
  }
`;

const GenreRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;

  select {
    flex: 1 1 12rem;
    width: auto;
  }
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0.25rem 0 0;
  padding: 0;
  list-style: none;

  li {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    padding: 0.2rem 0.3rem 0.2rem 0.75rem;
    border-radius: 999px;
    background: var(--cine-surface-2, #20202f);
    border: 1px solid var(--cine-border, #2e2e42);
  }

  button {
    width: 1.75rem;
    height: 1.75rem;
    border: none;
    border-radius: 50%;
    background: none;
    color: inherit;
    font-size: 1.1rem;
    cursor: pointer;
  }
`;

const Preview = styled.img`
  width: 8rem;
  aspect-ratio: 2 / 3;
  object-fit: cover;
  border-radius: 8px;
  border: 1px solid var(--cine-border, #2e2e42);
`;
