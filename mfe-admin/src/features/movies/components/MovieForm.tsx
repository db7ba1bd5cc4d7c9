import { useId, useRef, useState, type ChangeEvent, type FormEvent, type Ref } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@cine/web-kit';
import { Button, Select, TextArea, TextInput } from '@cine/web-kit/ui';
import { FormField, type FieldControlProps } from '../../../components/FormField';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { useDialogForm } from '../../../hooks/useDialogForm';
import { useFlash } from '../../../hooks/useFlash';
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
} from '../movieForm';

interface MovieFormProps {
  token: string;
  /** The movie being edited; without it the form creates a new one. */
  movie?: Movie;
  onSaved?: (movie: Movie) => void;
}

/** The movie create and edit form with the spec §5 rules; the catalog checks the same rules again. */
export function MovieForm({ token, movie, onSaved }: MovieFormProps) {
  const editing = movie !== undefined;
  const id = useId();
  const { values, setValues, errors, setErrors, serverError, busy, set, submit } = useDialogForm(
    movie ? movieFormFromMovie(movie) : emptyMovieForm,
    validateMovieForm,
  );
  const [success, flash] = useFlash();
  const [genreChoice, setGenreChoice] = useState('');
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const posterInput = useRef<HTMLInputElement>(null);

  const onAddGenre = () => {
    if (!genreChoice) return;
    const genres = addGenre(values.genres, genreChoice);
    if (!genres) {
      window.alert(GENRE_LIMIT_ALERT);
      return;
    }
    setValues((current) => ({ ...current, genres }));
    setGenreChoice('');
    setErrors((current) => ({ ...current, genres: undefined }));
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
      setErrors((current) => ({ ...current, Poster: undefined }));
    } catch (error) {
      setUploadError(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  const save = submit(async () => {
    const saved = editing ? await updateMovie(token, movie.id, toMovieInput(values)) : await createMovie(token, toMovieInput(values));
    if (editing) {
      flash('Película actualizada con éxito.');
    } else {
      setValues(emptyMovieForm);
      if (posterInput.current) posterInput.current.value = '';
      flash('Película creada con éxito.');
    }
    onSaved?.(saved);
  }, uploading);

  const onSubmit = (event: FormEvent) => {
    // A new attempt hides the last success, whatever it ends in.
    flash(null);
    void save(event);
  };

  return (
    <Form onSubmit={onSubmit} noValidate aria-label={editing ? 'Editar película' : 'Crear Pelicula'}>
      <Grid>
        <FormField id={`${id}-Title`} label="Título" error={errors.Title}>
          <TextInput type="text" value={values.Title} onChange={set('Title')} />
        </FormField>
        <FormField id={`${id}-Language`} label="Idioma" error={errors.Language}>
          <TextInput type="text" value={values.Language} onChange={set('Language')} />
        </FormField>
        <WideField id={`${id}-Plot`} label="Trama" error={errors.Plot}>
          <TextArea rows={3} value={values.Plot} onChange={set('Plot')} />
        </WideField>
        <FormField id={`${id}-Director`} label="Director" error={errors.Director}>
          <TextInput type="text" value={values.Director} onChange={set('Director')} />
        </FormField>
        <FormField id={`${id}-Actors`} label="Actores" error={errors.Actors}>
          <TextInput type="text" value={values.Actors} onChange={set('Actors')} />
        </FormField>
        <WideField id={`${id}-genres`} label="Género" error={errors.genres}>
          <GenrePicker genres={values.genres} choice={genreChoice} onChoose={setGenreChoice} onAdd={onAddGenre} onRemove={onRemoveGenre} />
        </WideField>
        <FormField id={`${id}-Release`} label="Fecha de estreno" error={errors.Release}>
          <TextInput type="date" value={values.Release} onChange={set('Release')} />
        </FormField>
        <FormField id={`${id}-Runtime`} label="Duración (minutos)" error={errors.Runtime}>
          <TextInput type="text" inputMode="numeric" value={values.Runtime} onChange={set('Runtime')} />
        </FormField>
        <FormField id={`${id}-Rated`} label="Clasificación" error={errors.Rated}>
          <Select value={values.Rated} onChange={set('Rated')}>
            <Choices prompt="Elige una clasificación" values={RATED_OPTIONS} />
          </Select>
        </FormField>
        <FormField id={`${id}-Type`} label="Tipo" error={errors.Type}>
          <Select value={values.Type} onChange={set('Type')}>
            <Choices prompt="Elige un tipo" values={TYPE_OPTIONS} />
          </Select>
        </FormField>
        <WideField id={`${id}-Poster`} label="Póster" error={errors.Poster}>
          <PosterPicker
            inputRef={posterInput}
            poster={values.Poster}
            uploading={uploading}
            uploadError={uploadError}
            onChange={(event) => void onPosterChange(event)}
          />
        </WideField>
        <WideField id={`${id}-Trailer`} label="Trailer" error={errors.Trailer}>
          <TextInput type="url" placeholder="https://www.youtube.com/watch?v=…" value={values.Trailer} onChange={set('Trailer')} />
        </WideField>
      </Grid>

      {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
      {success && <SuccessMessage>{success}</SuccessMessage>}
      <Button type="submit" disabled={busy || uploading}>
        {busy ? 'Guardando…' : editing ? 'Actualizar película' : 'Crear Pelicula'}
      </Button>
    </Form>
  );
}

type GenrePickerProps = Partial<FieldControlProps> & {
  genres: string[];
  choice: string;
  onChoose: (genre: string) => void;
  onAdd: () => void;
  onRemove: (genre: string) => void;
};

/** The genre select (it takes the field's id and aria attributes), 'Agregar género' and the chosen genres as removable chips. */
function GenrePicker({ genres, choice, onChoose, onAdd, onRemove, ...control }: GenrePickerProps) {
  return (
    <>
      <GenreRow>
        <Select value={choice} onChange={(event) => onChoose(event.target.value)} {...control}>
          <Choices prompt="Elige un género" values={GENRE_OPTIONS} />
        </Select>
        <Button type="button" $variant="secondary" onClick={onAdd}>
          Agregar género
        </Button>
      </GenreRow>
      {genres.length > 0 && (
        <Chips aria-label="Géneros elegidos">
          {genres.map((genre) => (
            <li key={genre}>
              {genre}
              <button type="button" aria-label={`Quitar ${genre}`} onClick={() => onRemove(genre)}>
                ×
              </button>
            </li>
          ))}
        </Chips>
      )}
    </>
  );
}

type PosterPickerProps = Partial<FieldControlProps> & {
  inputRef: Ref<HTMLInputElement>;
  poster: string;
  uploading: boolean;
  uploadError: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** The image file input (it takes the field's id and aria attributes), the upload's progress or error, and the preview. */
function PosterPicker({ inputRef, poster, uploading, uploadError, onChange, ...control }: PosterPickerProps) {
  return (
    <>
      <TextInput ref={inputRef} type="file" accept="image/*" onChange={onChange} {...control} />
      {uploading && <p role="status">Subiendo imagen…</p>}
      {uploadError && <ErrorMessage>{uploadError}</ErrorMessage>}
      {poster && <Preview src={poster} alt="Vista previa del póster" />}
    </>
  );
}

/** A select's options: an empty first one asking to choose, then one per value. */
function Choices({ prompt, values }: { prompt: string; values: readonly string[] }) {
  return (
    <>
      <option value="">{prompt}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </>
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

  label {
    font-size: 0.9rem;
    font-weight: normal;
    color: var(--cine-muted, #a6a6bb);
  }
`;

const WideField = styled(FormField)`
  grid-column: 1 / -1;
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
