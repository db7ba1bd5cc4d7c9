import { CINEMA_MESSAGES, roleLabels, type Role } from '@cine/contracts';
import { useId, useState } from 'react';
import { Button, ChoiceGroup, Dialog, Select, TextInput } from '@cine/web-kit/ui';
import { ErrorMessage, FieldError, SuccessMessage } from '../../../components/FormMessage';
import { useCinemaScope } from '../../../hooks/useCinemaScope';
import { FormField, FormStack } from '../../../components/FormField';
import { useDialogForm } from '../../../hooks/useDialogForm';
import { useFlash } from '../../../hooks/useFlash';
import { createUser, updateUser, type User } from '../api/users';
import { emptyUserForm, validateUserForm, type UserFormField, type UserFormValues } from '../userForm';

/**
 * The role select's options: 'Personal' (staff) checks tickets in at the door and nothing else; 'Gerente' (manager,
 * issue 38) runs their cinemas' back office. Both are bound to cinemas.
 */
const roleOrder: readonly Role[] = ['user', 'staff', 'manager', 'admin'];

/** The roles that work at some cinemas of the chain. */
const isCinemaRole = (role: string) => role === 'staff' || role === 'manager';

interface UserFormProps {
  title: string;
  initial: UserFormValues;
  /** The password is asked only when adding. */
  fields: readonly UserFormField[];
  submitLabel: string;
  /** A manager's or staff member's cinemas as they are. */
  initialCinemas?: readonly string[];
  /** `cinemaIds` is given for a manager or staff member when the chain's cinemas are known. */
  save: (values: UserFormValues, cinemaIds: string[] | undefined) => Promise<string>;
  onClose: () => void;
}

function UserForm({ title, initial, initialCinemas = [], fields, submitLabel, save, onClose }: UserFormProps) {
  const id = useId();
  const { cinemas } = useCinemaScope();
  const [cinemaIds, setCinemaIds] = useState<string[]>([...initialCinemas]);
  const [cinemasError, setCinemasError] = useState<string | null>(null);
  // Cinemas are chosen for a manager or staff member, once the chain's are known.
  const asksCinemas = (role: string) => isCinemaRole(role) && cinemas.length > 0;
  const { values, errors, serverError, busy, set, submit } = useDialogForm(initial, (current) => {
    const missing = asksCinemas(current.role) && cinemaIds.length === 0;
    setCinemasError(missing ? CINEMA_MESSAGES.cinemasRequired : null);
    // A field-less problem still stops the save: keyed on the role, whose select the cinemas follow.
    return missing ? { ...validateUserForm(current, fields), cinemas: CINEMA_MESSAGES.cinemasRequired } : validateUserForm(current, fields);
  });
  const [success, flash] = useFlash();
  const onSubmit = submit(async () => flash(await save(values, asksCinemas(values.role) ? cinemaIds : undefined)));
  const toggle = (cinemaId: string) => {
    setCinemasError(null);
    setCinemaIds((current) => (current.includes(cinemaId) ? current.filter((chosen) => chosen !== cinemaId) : [...current, cinemaId]));
  };

  return (
    <Dialog title={title} onClose={onClose}>
      <FormStack aria-label={title} noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField id={`${id}-username`} label="Usuario" error={errors.username}>
          <TextInput value={values.username} onChange={set('username')} autoComplete="off" />
        </FormField>
        {fields.includes('password') && (
          <FormField id={`${id}-password`} label="Contraseña" error={errors.password}>
            <TextInput type="password" value={values.password} onChange={set('password')} autoComplete="new-password" />
          </FormField>
        )}
        <FormField id={`${id}-email`} label="Email" error={errors.email}>
          <TextInput type="email" value={values.email} onChange={set('email')} autoComplete="off" />
        </FormField>
        <FormField id={`${id}-role`} label="Rol" error={errors.role}>
          <Select value={values.role} onChange={set('role')}>
            <option value="">Selecciona un rol</option>
            {roleOrder.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </Select>
        </FormField>
        {asksCinemas(values.role) && (
          <ChoiceGroup aria-describedby={cinemasError ? `${id}-cinemas-error` : undefined}>
            <legend>Cines</legend>
            {cinemas.map((cinema) => (
              <label key={cinema.id}>
                <input type="checkbox" checked={cinemaIds.includes(cinema.id)} onChange={() => toggle(cinema.id)} /> {cinema.name} (
                {cinema.city})
              </label>
            ))}
            {cinemasError && <FieldError id={`${id}-cinemas-error`}>{cinemasError}</FieldError>}
          </ChoiceGroup>
        )}
        {serverError && <ErrorMessage>{serverError}</ErrorMessage>}
        {success && <SuccessMessage>{success}</SuccessMessage>}
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Guardando…' : submitLabel}
        </Button>
      </FormStack>
    </Dialog>
  );
}

/** 'Agregar nuevo': username, password, e-mail and role (user, staff or admin). */
export function AddUserDialog({ token, onCreated, onClose }: { token: string; onCreated: () => void; onClose: () => void }) {
  return (
    <UserForm
      title="Agregar usuario"
      initial={emptyUserForm}
      fields={['username', 'password', 'email', 'role']}
      submitLabel="Agregar"
      onClose={onClose}
      save={async (values, cinemaIds) => {
        await createUser(token, {
          username: values.username.trim(),
          password: values.password,
          email: values.email.trim(),
          role: values.role as User['role'],
          ...(cinemaIds ? { cinemaIds } : {}),
        });
        onCreated();
        return 'Usuario creado con éxito.';
      }}
    />
  );
}

/** Changes a user's name, e-mail or role (PUT /admin/updateUser); a rename reaches the comments' authors. */
export function EditUserDialog({ token, user, onSaved, onClose }: { token: string; user: User; onSaved: () => void; onClose: () => void }) {
  return (
    <UserForm
      title={`Modificar ${user.username}`}
      initial={{ username: user.username, email: user.email, role: user.role, password: '' }}
      fields={['username', 'email', 'role']}
      initialCinemas={user.cinemaIds}
      submitLabel="Guardar cambios"
      onClose={onClose}
      save={async (values, cinemaIds) => {
        const { cinemaIds: _old, ...rest } = user;
        await updateUser(token, {
          ...rest,
          username: values.username.trim(),
          email: values.email.trim(),
          role: values.role as User['role'],
          // A manager or staff member keeps (or gets) their cinemas; another role has none.
          ...(cinemaIds ? { cinemaIds } : isCinemaRole(values.role) && user.cinemaIds ? { cinemaIds: user.cinemaIds } : {}),
        });
        onSaved();
        return 'Usuario actualizado con éxito.';
      }}
    />
  );
}
