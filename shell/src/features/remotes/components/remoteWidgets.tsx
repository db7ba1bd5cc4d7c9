import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Spinner } from '../../../components/Spinner';
import { useOnScreen } from '../hooks/useOnScreen';
import { useRemoteLoader } from '../hooks/useRemoteLoader';
import { useRemoteSession } from '../hooks/useRemoteSession';
import {
  readPurchasePlace,
  useHoldAnnounced,
  type CartStatusProps,
  type PurchaseMovie,
  type PurchasePanelProps,
  type RemoteWidgets,
} from '@cine/web-kit';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

/**
 * checkout/PurchasePanel for a page of another remote: loaded through federation once its place
 * on the page appears on screen (on a phone it is below the poster, so the checkout remote is
 * not downloaded with the page), given the session by the shell, and contained in its own
 * boundary so a checkout failure leaves the rest of the page working. When the purchase is what
 * the visitor came for (a show chosen in the URL: a link from the 'Cartelera por día', or back
 * from signing in) it loads at once and is brought into view.
 */
function PurchasePanel({ movie }: { movie: PurchaseMovie }) {
  const slot = useRef<HTMLDivElement>(null);
  const { search } = useLocation();
  const [direct] = useState(() => {
    const place = readPurchasePlace(search);
    return place.showId !== undefined || place.buying === true;
  });
  const onScreen = useOnScreen(slot);
  useEffect(() => {
    if (direct) slot.current?.scrollIntoView?.({ block: 'center' });
  }, [direct]);
  return (
    <WidgetSlot ref={slot} $direct={direct}>
      {(direct || onScreen) && <LoadedPurchasePanel movie={movie} />}
    </WidgetSlot>
  );
}

function LoadedPurchasePanel({ movie }: { movie: PurchaseMovie }) {
  const loadRemotePage = useRemoteLoader();
  const session = useRemoteSession();
  const [attempt, setAttempt] = useState(0);
  // Each attempt gets its own lazy component: React caches a rejected lazy() forever.
  const Widget = useMemo(() => lazy(() => loadRemotePage<PurchasePanelProps>('checkout', 'PurchasePanel')), [loadRemotePage, attempt]);

  return (
    <RemoteErrorBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner label="Cargando compra de entradas..." />}>
        <Widget movie={movie} session={session} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * The purchase controls' height, kept while they load so nothing below them moves: with no show
 * chosen yet (the day selector alone), or, opened on a show, with its three selectors and its seats.
 */
const WidgetSlot = styled.div<{ $direct: boolean }>`
  min-height: ${({ $direct }) => ($direct ? '28.5rem' : '14rem')};

  @media (min-width: 641px) {
    min-height: ${({ $direct }) => ($direct ? '13rem' : '10.5rem')};
  }
`;

/**
 * checkout/CartStatus for the header: loaded for a signed-in user while the checkout has announced
 * seats held in this browser (announceHold), so other page views download nothing of the checkout
 * for it. A failure to load it shows nothing: the header stays whole and the cart is still on the
 * movie's page.
 */
function CartStatus() {
  const session = useRemoteSession();
  const held = useHoldAnnounced();
  return session && held ? <LoadedCartStatus /> : null;
}

function LoadedCartStatus() {
  const loadRemotePage = useRemoteLoader();
  const session = useRemoteSession();
  const Widget = useMemo(() => lazy(() => loadRemotePage<CartStatusProps>('checkout', 'CartStatus')), [loadRemotePage]);
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <Widget session={session} />
      </Suspense>
    </QuietBoundary>
  );
}

/** Shows nothing in place of a widget that failed. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** One object for the whole app: pages may keep it in effect dependencies without re-running them. */
export const remoteWidgets: RemoteWidgets = { PurchasePanel, CartStatus };
