import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, TextInput } from '@cine/web-kit/ui';
import { FormPanel as Form } from '../../../components/FormPanel';
import { api } from '@cine/web-kit';

export function NewsletterForm() {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    setSending(true);
    try {
      await api.post('/mailing/newsletter', { email: address });
      window.alert('El usuario ha sido añadido al newsletter');
      setEmail('');
    } catch {
      window.alert(`El usuario ${address} no fue añadido al newsletter. Inténtalo de nuevo.`);
    } finally {
      setSending(false);
    }
  }

  return (
    <Form onSubmit={handleSubmit} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Newsletter</h2>
      <p>Recibe los estrenos y las promos de la semana en tu correo.</p>
      <label htmlFor={inputId}>E-mail</label>
      <Row>
        <TextInput
          id={inputId}
          type="email"
          required
          placeholder="tu@email.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" disabled={sending}>
          Suscribirme
        </Button>
      </Row>
    </Form>
  );
}

const Row = styled.div`
  display: flex;
  gap: 0.5rem;

  @media (max-width: 480px) {
    flex-direction: column;
  }
`;
