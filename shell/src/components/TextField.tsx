import { useId, type InputHTMLAttributes } from 'react';
import styled from 'styled-components';

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

const Input = styled.input`
  width: 100%;
  min-height: 2.75rem;
  padding: 0.55rem 0.8rem;
  border-radius: var(--cine-radius);
  border: 1px solid var(--cine-border);
  background: var(--cine-surface-2);
  color: var(--cine-text);
  font: inherit;

  &:focus {
    border-color: var(--cine-gold);
  }
`;

const Hint = styled.small`
  color: var(--cine-muted);
`;
