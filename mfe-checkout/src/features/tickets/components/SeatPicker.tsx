import { isolatedSeats, type ShowView } from '@cine/contracts';
import { errorMessage, formatMoney, useLiveSeatMap, type Session } from '@cine/web-kit';
import { Button, ErrorText, SeatMap } from '@cine/web-kit/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { holdSeats } from '../api/ticketsApi';
import { pricesOnSale, seatPricing } from '../ticketTypes';
import { dropTaken, initialChoice, ISOLATED_SEAT_WARNING, seatList, selectionSummary, tapNotice, tapSeat } from '../seatChoice';

interface SeatPickerProps {
  session: Session;
  show: ShowView;
  /** The tickets chosen in the quantity step: one type code each. */
  types: readonly string[];
  /** Seats of this show the buyer holds already (their cart): theirs on the map, not taken. */
  ownSeats: readonly string[];
  onBack: () => void;
  /** The chosen seats are held and in the cart. */
  onHeld: () => void;
}

/**
 * The seat map step of the purchase: the room, live (seats others take or free change within a
 * second), with the best adjacent seats already chosen. 'Ir al Carrito' holds the seats chosen; a
 * seat taken meanwhile answers 409, the map shows it taken and the rest of the choice stays. The
 * focus comes onto the map when it opens (onto the first chosen seat once the seats show), so the
 * keyboard and a screen reader carry on where the buyer is.
 */
export function SeatPicker({ session, show, types, ownSeats, onBack, onHeld }: SeatPickerProps) {
  const count = types.length;
  const live = useLiveSeatMap(show.id);
  const map = live.status === 'live' || live.status === 'error' ? live.map : undefined;
  // The stream says the buyer's own held seats are taken (it does not say by whom): here they are the buyer's.
  const taken = useMemo(() => {
    if (!map) return undefined;
    const others = { ...map.taken };
    for (const label of ownSeats) if (others[label] === 'held') delete others[label];
    return others;
  }, [map, ownSeats]);
  const takenByOthers = (label: string) => taken?.[label] !== undefined;
  const [selected, setSelected] = useState<string[] | null>(null);
  const [lostNotice, setLostNotice] = useState<string | null>(null);
  const [tapMessage, setTapMessage] = useState<string | null>(null);
  const region = useRef<HTMLDivElement>(null);

  // Opening the map: the step's button is gone, the focus comes here rather than to the page behind.
  useEffect(() => {
    region.current?.focus();
  }, []);
  // Once the seats show with the choice, the focus (if still on the map's frame) goes to the first chosen seat.
  const seatsShown = selected !== null && map !== undefined;
  useEffect(() => {
    if (!seatsShown || document.activeElement !== region.current) return;
    region.current?.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]')?.focus();
  }, [seatsShown]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The map opens with the best adjacent seats chosen; seats others take meanwhile leave the choice.
  useEffect(() => {
    if (!map || !taken || sending) return;
    const isTaken = (label: string) => taken[label] !== undefined;
    if (selected === null) {
      setSelected(initialChoice(map.layout, isTaken, ownSeats, count));
      return;
    }
    const { kept, lost } = dropTaken(selected, isTaken);
    if (lost.length === 0) return;
    setSelected(kept);
    setLostNotice(
      lost.length === 1
        ? `El asiento ${seatList(lost)} acaba de ocuparse: elige otro.`
        : `Los asientos ${seatList(lost)} acaban de ocuparse: elige otros.`,
    );
  }, [map, taken, ownSeats, selected, count, sending]);

  const chosen = selected ?? [];
  const isolated = map ? isolatedSeats(map.layout, takenByOthers, chosen) : [];
  const ready = chosen.length === count && !sending;
  const prices = useMemo(() => pricesOnSale(show), [show]);
  const pricing = map && seatPricing(prices, types, chosen, map.layout, map.categorySurcharges);

  const hold = async () => {
    if (!ready) return;
    setSending(true);
    setError(null);
    setLostNotice(null);
    try {
      await holdSeats(session, show.id, types, chosen);
      onHeld();
    } catch (failure) {
      setError(errorMessage(failure));
      setSending(false);
    }
  };

  return (
    <Region ref={region} tabIndex={-1} aria-label="Mapa de asientos">
      {live.status === 'loading' && <p role="status">Cargando el mapa de asientos...</p>}
      {live.status === 'gone' && <ErrorText role="alert">Esta función ya no está disponible.</ErrorText>}
      {live.status === 'error' && <ErrorText role="alert">{live.message}</ErrorText>}
      {map && taken && (
        <SeatMap
          roomId={map.roomId}
          layout={map.layout}
          taken={taken}
          selected={chosen}
          seatPrices={pricing?.byLabel}
          onToggle={(label) => {
            setError(null);
            const tap = tapSeat(chosen, label, count);
            setSelected(tap.selected);
            setTapMessage(tapNotice(tap, label, count));
          }}
        />
      )}
      <Summary role="status">{selectionSummary(chosen, count)}</Summary>
      {pricing?.selection !== undefined && chosen.length > 0 && (
        <SelectionPrice aria-live="polite">Precio de tu selección: {formatMoney(pricing.selection)}</SelectionPrice>
      )}
      {tapMessage && <TapNotice role="status">{tapMessage}</TapNotice>}
      {isolated.length > 0 && (
        <Warning role="note">
          {ISOLATED_SEAT_WARNING} ({seatList(isolated)}).
        </Warning>
      )}
      {lostNotice && <ErrorText role="alert">{lostNotice}</ErrorText>}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      <Footer>
        <Button type="button" $variant="secondary" onClick={onBack}>
          Volver
        </Button>
        <Button type="button" aria-disabled={!ready} onClick={hold}>
          {sending ? 'Reservando...' : 'Ir al Carrito'}
        </Button>
      </Footer>
    </Region>
  );
}

const Region = styled.div`
  &:focus {
    outline: none;
  }
`;

const SelectionPrice = styled.p`
  margin: 0.25rem 0 0;
`;

const TapNotice = styled.p`
  margin: 0.5rem 0 0;
`;

const Summary = styled.p`
  margin: 0.75rem 0 0;
  font-weight: 600;
`;

const Warning = styled.p`
  margin: 0.5rem 0 0;
  color: var(--cine-gold, #f5c518);

  &::before {
    content: '⚠ ';
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 0.75rem;
  margin-top: 1rem;
`;
