import { cloneElement, type ReactElement } from 'react';
import styled from 'styled-components';
import { FieldError } from './FormMessage';

/** What FormField gives its control; a component placed in it passes them on to its input. */
export type FieldControlProps = {
  id: string;
  'aria-required': true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

interface FormFieldProps {
  id: string;
  label: string;
  /** The §5 message shown under the control, tied to it with aria-describedby. */
  error?: string;
  /** One input or select; it gets the id and the aria attributes. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** A labelled form control with its validation message. */
export function FormField({ id, label, error, children, className }: FormFieldProps) {
  const errorId = `${id}-error`;
  const controlProps: FieldControlProps = {
    id,
    'aria-required': true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <Row className={className}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, controlProps)}
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
