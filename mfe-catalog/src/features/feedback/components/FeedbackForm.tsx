import { useId, useState, type FormEvent } from 'react';
import { Button, TextArea } from '@cine/web-kit/ui';
import { FormPanel as Form } from '../../../components/FormPanel';
import { api } from '@cine/web-kit';
import type { RemotePageProps } from '@cine/web-kit';

export function FeedbackForm({ session }: RemotePageProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!session) {
      window.alert('Debes iniciar sesion para dejar Feedback !');
      return;
    }
    setSending(true);
    try {
      await api.post(`/feedback/add/${encodeURIComponent(session.userId)}`, { Text: text.trim() }, { token: session.token });
      window.alert('Feedback creado');
      setText('');
    } catch (error) {
      window.alert(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Form onSubmit={handleSubmit} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Feedback</h2>
      <p>Cuéntanos tu queja, sugerencia u opinión sobre Cine.</p>
      <label htmlFor={inputId}>Tu mensaje</label>
      <TextArea id={inputId} value={text} onChange={(event) => setText(event.target.value)} />
      <div>
        <Button type="submit" disabled={sending}>
          Enviar feedback
        </Button>
      </div>
    </Form>
  );
}
