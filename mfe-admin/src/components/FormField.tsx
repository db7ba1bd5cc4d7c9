import { cloneElement, type ReactElement } from 'react';
import styled from 'styled-components';
import { FieldError } from './FormMessage';

interface FormFieldProps {
  id: string;
  label: string;
  /** The §5 message shown under the control, tied to it with aria-describedby. */
  error?: string;
  /** One input or select; it gets the id and the aria attributes. */
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled form control with its validation message. */
export function FormField({ id, label, error, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <Row>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, {
        id,
        'aria-required': true,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;

  label {
    font-weight: 600;
  }
`;

/** The admin dialogs' forms: fields one under the other. */
export const FormStack = styled.form`
  display: flex;
  flex-direction: column;
  gap: 0.9rem;
`;
