import type { ReactNode } from 'react';
import { Button } from '@cine/web-kit/ui';
import { ErrorMessage } from '../../../components/FormMessage';
import { TextField } from '../../../components/TextField';
import { PASSWORD_MIN_LENGTH } from '@cine/contracts';
import { PASSWORD_HINT } from '../passwordRules';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}

/** The account's e-mail (login, register). */
export function EmailField({ value, onChange }: Pick<FieldProps, 'value' | 'onChange'>) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A password being set: the identity service's minimum length, said before the round trip. */
export function NewPasswordField({ label, name, value, onChange }: FieldProps) {
  return (
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      hint={PASSWORD_HINT}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The server's message, if any, and the submit button, which says what it is doing while the request runs. */
export function FormFooter({
  error,
  pending,
  pendingLabel,
  children,
}: {
  error: string | null;
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : children}
      </Button>
    </>
  );
}
