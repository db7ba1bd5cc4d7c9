import type { OrderView } from '@cine/contracts';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { PRESALE_MESSAGES } from '@cine/contracts';
import { Button } from '@cine/web-kit/ui';
import { Toasts } from '../components/Toasts';
import { useToasts } from '../hooks/useToasts';
import { readPurchasePlace, type PurchasePanelProps } from '@cine/web-kit';
import { cartCinemaOtherThan, OtherCinemaCartDialog } from '../features/cart/components/OtherCinemaCartDialog';
import { firstTicket, useCart } from '../features/cart/hooks/useCart';
import { HOLD_LAPSED_TEXT, useHoldCountdown } from '../features/cart/hooks/useHoldCountdown';
import { ShowSelectors } from '../features/shows/components/ShowSelectors';
import { PresaleGuestDialog, PresaleNotice, SessionCountdown } from './PresaleNotice';
import { useShowPresale } from '../features/presale/hooks/useShowPresale';
import { useShowPicker } from '../features/shows/hooks/useShowPicker';
import { releaseSeats } from '../features/tickets/api/ticketsApi';
import { GuestPromptDialog } from '../features/tickets/components/GuestPromptDialog';
import { TicketQuantityDialog } from '../features/tickets/components/TicketQuantityDialog';

export const CHOOSE_SHOW_TEXT = 'Elige día, horario y formato para comprar.';

// The side panel (candy, payment, Stripe's loader) is fetched when it first opens, not with the
// purchase controls: a page opened on a show runs less script before the visitor can use it.
const CheckoutSidePanel = lazy(() => import('./CheckoutSidePanel').then((module) => ({ default: module.CheckoutSidePanel })));

/**
 * Exposed as 'checkout/PurchasePanel': the purchase controls of the movie detail page (spec §2)
 * and the checkout side panel they open. The shell renders it inside the catalog's page.
 */
export default function PurchasePanel(props: PurchasePanelProps) {
  // Another movie starts from a fresh day/time/format choice.
  return <PurchaseControls key={props.movie.id} {...props} />;
}

function PurchaseControls({ movie, session }: PurchasePanelProps) {
  // The place the URL carries: a show chosen on the 'Cartelera por día', or where a guest was before signing in.
  const [place] = useState(() => readPurchasePlace(window.location.search));
  const picker = useShowPicker(movie.id, place.showId);
  const cart = useCart(session);
  const toasts = useToasts();
  const panelId = useId();
  const cartButton = useRef<HTMLButtonElement>(null);
  const comprarButton = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<'none' | 'quantity' | 'guest' | 'guest-line' | 'other-cinema'>('none');
  // A dialog that opened by itself (back from signing in) gives the focus back to nothing when it
  // closes: Comprar takes it rather than the page's start.
  const dialogWasOpen = useRef(false);
  useEffect(() => {
    if (dialog !== 'none') {
      dialogWasOpen.current = true;
      return;
    }
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (dialogWasOpen.current && lost) comprarButton.current?.focus();
    dialogWasOpen.current = false;
  }, [dialog]);
  // Back from signing in with Comprar pressed: the quantity dialog opens again once the show is chosen.
  const [resumeBuying, setResumeBuying] = useState(place.buying === true);
  const [panelOpen, setPanelOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const ticket = firstTicket(cart.cart);
  const seats = ticket?.seats ?? 0;
  const { reload } = cart;
  const { refreshSeats } = picker;
  const navigate = useNavigate();

  const onHoldLapsed = useCallback(() => {
    setNotice(HOLD_LAPSED_TEXT);
    setPanelOpen(false);
    // The server frees lapsed holds on its own; saying so explicitly keeps the cart in step at once.
    const release = session && ticket ? releaseSeats(session, ticket.showId).catch(() => undefined) : Promise.resolve();
    void release.then(() => Promise.all([reload(), refreshSeats()]));
  }, [session, ticket, reload, refreshSeats]);
  const remaining = useHoldCountdown(ticket?.heldUntil, onHoldLapsed);

  // Issue 40: a show behind a presale's line is bought during the buyer's turn only; its end is counted down.
  const presale = useShowPresale(picker.show?.id, session);
  const { reload: reloadStanding } = presale;
  const onTurnOver = useCallback(() => {
    setNotice(PRESALE_MESSAGES.sessionOver);
    setDialog((open) => (open === 'quantity' ? 'none' : open));
    setPanelOpen(false);
    reloadStanding();
    void Promise.all([reload(), refreshSeats()]);
  }, [reloadStanding, reload, refreshSeats]);
  const turnLeft = useHoldCountdown(presale.admittedUntil, onTurnOver);

  // The seats of a show go in a cart that holds no other cinema's (issue 38): else the buyer is asked first.
  const otherCinema = cartCinemaOtherThan(cart.cart, picker.show?.cinemaId);
  const openSeats = useCallback(() => setDialog(otherCinema ? 'other-cinema' : 'quantity'), [otherCinema]);

  useEffect(() => {
    if (!resumeBuying || !session || !picker.show || presale.pending) return;
    setResumeBuying(false);
    if (!presale.blocks) openSeats();
    // Done: a reload of this page no longer opens the dialog by itself (the show stays chosen).
    const query = new URLSearchParams(window.location.search);
    query.delete('comprar');
    query.delete('entradas');
    navigate({ search: query.toString() }, { replace: true });
  }, [resumeBuying, session, picker.show, presale.pending, presale.blocks, navigate, openSeats]);

  const onComprar = () => {
    setNotice(null);
    if (!session) setDialog('guest');
    else if (!picker.show) setNotice(CHOOSE_SHOW_TEXT);
    else openSeats();
  };

  const onLine = () => {
    setNotice(null);
    if (!session) setDialog('guest-line');
    else void presale.goToLine();
  };

  const onHeld = async () => {
    setDialog('none');
    void refreshSeats();
    await reload();
    setPanelOpen(true);
  };

  const closePanel = () => {
    setPanelOpen(false);
    cartButton.current?.focus();
  };

  const onPaid = useCallback(
    (order: OrderView) => {
      setPanelOpen(false);
      void reload();
      navigate(`/compra/${order.id}`, { state: { justPaid: true } });
    },
    [reload, navigate],
  );

  const panelVisible = panelOpen && seats > 0;

  return (
    <Wrapper aria-label="Comprar entradas">
      <ShowSelectors picker={picker} />
      <PresaleNotice gate={presale} remaining={turnLeft} />
      <Actions>
        {presale.blocks ? (
          <Button type="button" aria-disabled={presale.joining} onClick={() => !presale.joining && onLine()}>
            {presale.me?.joined ? 'Ver mi lugar en la fila' : 'Unirme a la fila'}
          </Button>
        ) : (
          <Button ref={comprarButton} type="button" aria-haspopup="dialog" onClick={onComprar}>
            Comprar
          </Button>
        )}
        <Button
          ref={cartButton}
          type="button"
          $variant="secondary"
          disabled={seats === 0}
          aria-expanded={panelVisible}
          aria-controls={panelVisible ? panelId : undefined}
          onClick={() => setPanelOpen((open) => !open)}
        >
          Carrito ({seats} {seats === 1 ? 'entrada' : 'entradas'})
        </Button>
      </Actions>
      {notice && <Notice role="status">{notice}</Notice>}
      {cart.status === 'error' && <Notice role="alert">{cart.message}</Notice>}
      {dialog === 'guest' && (
        <GuestPromptDialog
          place={{ movieId: movie.id, ...(picker.show ? { showId: picker.show.id } : {}) }}
          onClose={() => setDialog('none')}
        />
      )}
      {dialog === 'guest-line' && presale.presale && (
        <PresaleGuestDialog presaleId={presale.presale.id} onClose={() => setDialog('none')} />
      )}
      {dialog === 'other-cinema' && session && cart.cart && otherCinema && (
        <OtherCinemaCartDialog
          cinemaName={otherCinema.name}
          emptyCart={async () => {
            const shows = new Set((cart.cart?.tickets ?? []).map((line) => line.showId));
            for (const showId of shows) await releaseSeats(session, showId);
          }}
          onKeep={() => setDialog('none')}
          onEmptied={() => {
            void reload();
            void refreshSeats();
            setDialog('quantity');
          }}
        />
      )}
      {dialog === 'quantity' && session && picker.show && (
        <TicketQuantityDialog
          session={session}
          show={picker.show}
          initialCount={place.showId === picker.show.id ? (place.quantity ?? 0) : 0}
          ownSeats={cart.cart?.tickets.find((line) => line.showId === picker.show?.id)?.seatLabels}
          onClose={() => setDialog('none')}
          onHeld={onHeld}
          {...(presale.admitted && turnLeft !== null ? { notice: <SessionCountdown remaining={turnLeft} /> } : {})}
        />
      )}
      {panelVisible && session && ticket && cart.cart && (
        <Suspense fallback={<Notice role="status">Abriendo el carrito...</Notice>}>
          <CheckoutSidePanel
            id={panelId}
            movie={movie}
            caller={session}
            cart={cart.cart}
            ticket={ticket}
            remaining={remaining}
            onClose={closePanel}
            onCartChange={cart.replace}
            notify={toasts.show}
            onPaid={onPaid}
          />
        </Suspense>
      )}
      <Toasts toasts={toasts.toasts} onDismiss={toasts.dismiss} />
    </Wrapper>
  );
}

const Wrapper = styled.section`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 1rem;
  border-radius: 12px;
  border: 1px solid var(--cine-border, #2e2e42);
  background: var(--cine-surface, #161622);
  color: var(--cine-text, #f3f3f7);
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;

  button {
    flex: 1 1 10rem;
  }
`;

const Notice = styled.p`
  margin: 0;
  font-weight: 600;
  color: var(--cine-gold, #f5c518);
`;
