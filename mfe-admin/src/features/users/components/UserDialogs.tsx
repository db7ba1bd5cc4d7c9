import { roleLabels, type Role } from '@cine/contracts';
import { useId } from 'react';
import { Button, Dialog, Select, TextInput } from '@cine/web-kit/ui';
import { ErrorMessage, SuccessMessage } from '../../../components/FormMessage';
import { FormField, FormStack } from '../../../components/FormField';
import { useDialogForm } from '../../../hooks/useDialogForm';
import { useFlash } from '../../../hooks/useFlash';
import { createUser, updateUser, type User } from '../api/users';
import { emptyUserForm, validateUserForm, type UserFormField, type UserFormValues } from '../userForm';

/** The role select's options: 'Personal' (staff) checks tickets in at the door and nothing else. */
const roleOrder: readonly Role[] = ['user', 'staff', 'admin'];

interface UserFormProps {
  title: string;
  initial: UserFormValues;
  /** The password is asked only when adding. */
  fields: readonly UserFormField[];
  submitLabel: string;
  save: (values: UserFormValues) => Promise<string>;
  onClose: () => void;
}

function UserForm({ title, initial, fields, submitLabel, save, onClose }: UserFormProps) {
  const id = useId();
  const { values, errors, serverError, busy, set, submit } = useDialogForm(initial, (current) => validateUserForm(current, fields));
  const [success, flash] = useFlash();
  const onSubmit = submit(async () => flash(await save(values)));

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
      save={async (values) => {
        await createUser(token, {
          username: values.username.trim(),
          password: values.password,
          email: values.email.trim(),
          role: values.role as User['role'],
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
      submitLabel="Guardar cambios"
      onClose={onClose}
      save={async (values) => {
        await updateUser(token, {
          ...user,
          username: values.username.trim(),
          email: values.email.trim(),
          role: values.role as User['role'],
        });
        onSaved();
        return 'Usuario actualizado con éxito.';
      }}
    />
  );
}
