import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { ReactNode } from 'react';
import { PaymentForm } from './PaymentForm';

jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn() }));

// Stripe's React bindings need the real Stripe.js, which cannot load here: a stand-in that keeps
// their contract (Elements provides the stripe object, CardElement is the card field).
const createPaymentMethod = jest.fn();
const cardElement = { id: 'card-element' };
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <div data-testid="stripe-elements">{children}</div>,
  CardElement: () => <div aria-label="Número de tarjeta" role="group" />,
  useStripe: () => ({ createPaymentMethod }),
  useElements: () => ({ getElement: () => cardElement }),
}));

const mockedLoadStripe = loadStripe as jest.MockedFunction<typeof loadStripe>;

function configureStripeKey(key: string | null) {
  window.__CINE_CONFIG__ = { stripePublishableKey: key };
}

afterEach(() => {
  delete window.__CINE_CONFIG__;
  jest.restoreAllMocks();
  mockedLoadStripe.mockReset();
  createPaymentMethod.mockReset();
});

test('without a publishable key the offline form offers an approved and a declined test card; Stripe.js is never fetched', async () => {
  configureStripeKey(null);
  const onPay = jest.fn().mockResolvedValue(undefined);
  render(<PaymentForm onPay={onPay} />);

  expect(screen.getByText(/Modo de prueba/)).toBeInTheDocument();
  const approved = screen.getByRole('radio', { name: '4242 4242 4242 4242 Visa de prueba aprobada' });
  const declined = screen.getByRole('radio', { name: '4000 0000 0000 0002 Tarjeta de prueba rechazada' });
  expect(approved).toBeChecked();

  await userEvent.click(screen.getByRole('button', { name: 'Realizar Pago' }));
  expect(onPay).toHaveBeenLastCalledWith('pm_card_visa');
  await userEvent.click(declined);
  await userEvent.click(screen.getByRole('button', { name: 'Realizar Pago' }));
  expect(onPay).toHaveBeenLastCalledWith('pm_card_chargeDeclined');
  expect(mockedLoadStripe).not.toHaveBeenCalled();
});

test('with a key but Stripe.js unreachable (offline) the test-card form takes over', async () => {
  configureStripeKey('pk_test_unreachable');
  mockedLoadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
  render(<PaymentForm onPay={jest.fn()} />);

  expect(screen.getByRole('status')).toHaveTextContent('Cargando el formulario de la tarjeta...');
  expect(await screen.findByText(/No se pudo cargar el formulario seguro de tarjetas/)).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: /4242 4242 4242 4242/ })).toBeInTheDocument();
  expect(mockedLoadStripe).toHaveBeenCalledWith('pk_test_unreachable');
});

test('with Stripe.js loaded, the card element creates the payment method whose id is paid', async () => {
  configureStripeKey('pk_test_ready');
  mockedLoadStripe.mockResolvedValue({} as Awaited<ReturnType<typeof loadStripe>>);
  createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_1Real' } });
  const onPay = jest.fn().mockResolvedValue(undefined);
  render(<PaymentForm onPay={onPay} />);

  expect(await screen.findByRole('group', { name: 'Número de tarjeta' })).toBeInTheDocument();
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Realizar Pago' }));
  expect(createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: cardElement });
  expect(onPay).toHaveBeenCalledWith('pm_1Real');
});

test('a card-creation error is logged and shown, and nothing is paid', async () => {
  configureStripeKey('pk_test_error');
  mockedLoadStripe.mockResolvedValue({} as Awaited<ReturnType<typeof loadStripe>>);
  const stripeError = { type: 'validation_error', message: 'El número de tu tarjeta está incompleto.' };
  createPaymentMethod.mockResolvedValue({ error: stripeError });
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const onPay = jest.fn();
  render(<PaymentForm onPay={onPay} />);

  await userEvent.click(await screen.findByRole('button', { name: 'Realizar Pago' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('El número de tu tarjeta está incompleto.');
  expect(log).toHaveBeenCalledWith('Stripe createPaymentMethod', stripeError);
  expect(onPay).not.toHaveBeenCalled();
});
