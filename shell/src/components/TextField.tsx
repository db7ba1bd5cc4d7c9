import { useId, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';
import { TextInput as Input } from '@cine/web-kit/ui';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
}

export function TextField({ label, hint, id, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <Field>
      <label htmlFor={inputId}>{label}</label>
      <Input id={inputId} aria-describedby={hintId} {...inputProps} />
      {hint && <Hint id={hintId}>{hint}</Hint>}
    </Field>
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;

  label {
    font-size: 0.9rem;
    color: var(--cine-muted);
  }
`;

const Hint = styled.small`
  color: var(--cine-muted);
`;
