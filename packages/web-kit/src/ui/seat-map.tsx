import {
  columnOf,
  compareLabels,
  layoutWidth,
  seatCategoryOf,
  seatLabel,
  type SeatCategory,
  type SeatLayout,
  type TakenSeatState,
} from '@cine/contracts';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import styled, { css } from 'styled-components';
import { formatMoney } from '../cinema';

type SeatLook = 'free' | 'taken' | 'chosen';

interface SeatMapProps {
  roomId: number;
  layout: SeatLayout;
  /** Held or sold seats by label. */
  taken: Readonly<Record<string, TakenSeatState>>;
  /** The buyer's selection (aria-pressed). */
  selected?: readonly string[];
  /** Toggles a free seat; left out, the map is read-only (the admin's view). */
  onToggle?: (label: string) => void;
  /** Each seat's price for the buyer, by label, where known: read in its name. */
  seatPrices?: Readonly<Record<string, number>>;
  /** Hours before the show a companion seat is sold alone (booking's setting, 2 by default): its note says so. */
  companionReleaseHours?: number;
}

interface Cell {
  label: string;
  row: number;
  number: number;
  column: number;
}

/** The words each state reads as (also printed in the legend): colour is never the only cue. */
const LOOK_TEXT: Record<SeatLook, string> = { free: 'libre', taken: 'ocupado', chosen: 'tu selección' };
const TAKEN_TEXT: Record<TakenSeatState, string> = { held: 'reservado', sold: 'vendido' };
/** A seat's category as its name says it (a standard seat says none). */
const CATEGORY_TEXT: Record<Exclude<SeatCategory, 'standard'>, string> = {
  premium: 'premium',
  wheelchair: 'espacio para silla de ruedas',
  companion: 'butaca de acompañante',
};

/** Why a companion seat cannot be picked on its own (legend and each companion seat's description). */
const companionNote = (hours = 2) =>
  `Butaca de acompañante: se vende junto con el espacio para silla de ruedas hasta ${hours} h antes de la función`;

/**
 * The room's seats as a grid of buttons (the screen at the top, rows lettered from the front, aisles
 * as gaps): one Tab stop, arrow keys move between seats (up and down to the nearest seat of the next
 * row), Space or Enter toggles a free seat. Each seat reads "Fila F, asiento 7, libre", with its
 * category and price when it has them ("Fila L, asiento 3, premium, $ 17,00, libre"); the chosen
 * ones are pressed; taken seats can be reached but not chosen. States show a mark as well as a colour
 * (✓ chosen, × taken, ♿ a wheelchair space), categories a border (double: premium, dashed: companion,
 * whose note in the legend is also each companion seat's description). Tab enters at the buyer's
 * first chosen seat (until they move). Seats are 32 px, big enough to tap: a room wider than the screen (a phone) scrolls sideways,
 * opens centred on the room, fades at the sides where there is more and says so; the screen spans
 * the room, so it stays centred on the seats rather than on the part in view.
 */
export function SeatMap({ roomId, layout, taken, selected = [], onToggle, seatPrices, companionReleaseHours }: SeatMapProps) {
  const width = layoutWidth(layout);
  const rows: Cell[][] = layout.rows.map((seats, row) =>
    Array.from({ length: seats }, (_, i) => {
      const number = i + 1;
      return { label: seatLabel(row, number), row, number, column: columnOf(layout, { row, number }) };
    }),
  );
  const chosen = new Set(selected);
  const wheelchair = new Set(layout.wheelchair);
  const noteId = useId();
  const categoryOf = (label: string) => seatCategoryOf(layout, label);
  const categories = new Set(rows.flatMap((row) => row.map((cell) => categoryOf(cell.label))));
  // The seat the buyer last focused; until then, Tab enters at their first chosen seat.
  const [focused, setFocused] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const overflow = useSideScroll(layout);

  const lookOf = (label: string): SeatLook => (taken[label] ? 'taken' : chosen.has(label) ? 'chosen' : 'free');
  const nameOf = (cell: Cell) => {
    const state = taken[cell.label] && !onToggle ? TAKEN_TEXT[taken[cell.label] as TakenSeatState] : LOOK_TEXT[lookOf(cell.label)];
    const category = categoryOf(cell.label);
    // A taken seat's price is of no use to anyone.
    const price = taken[cell.label] ? undefined : seatPrices?.[cell.label];
    return [
      `Fila ${cell.label.charAt(0)}`,
      `asiento ${cell.number}`,
      ...(category === 'standard' ? [] : [CATEGORY_TEXT[category]]),
      // A name never wraps: plain spaces (formatMoney's no-break space), as a test or a reader types it.
      ...(price === undefined ? [] : [formatMoney(price).replace(/\u00a0/g, ' ')]),
      state,
    ].join(', ');
  };

  const move = (from: Cell, key: string): Cell | undefined => {
    const row = rows[from.row] as Cell[];
    const index = row.findIndex((cell) => cell.label === from.label);
    if (key === 'ArrowLeft') return row[index - 1];
    if (key === 'ArrowRight') return row[index + 1];
    if (key === 'Home') return row[0];
    if (key === 'End') return row[row.length - 1];
    const next = rows[from.row + (key === 'ArrowUp' ? -1 : 1)];
    if (!next || next.length === 0) return undefined;
    return next.reduce((best, cell) => (Math.abs(cell.column - from.column) < Math.abs(best.column - from.column) ? cell : best));
  };

  const onKeyDown = (cell: Cell) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const target = move(cell, event.key);
    if (!target) return;
    setFocused(target.label);
    buttons.current.get(target.label)?.focus();
  };

  const isSeat = (label: string | null | undefined): label is string =>
    label != null && rows.some((row) => row.some((cell) => cell.label === label));
  const firstChosen = [...selected].sort(compareLabels).find(isSeat);
  const focusable = isSeat(focused) ? focused : (firstChosen ?? rows[Math.floor(rows.length / 2)]?.[0]?.label ?? rows[0]?.[0]?.label);

  return (
    <Figure>
      {(overflow.before || overflow.after) && (
        <ScrollHint>
          <span aria-hidden="true">{overflow.before ? '‹ ' : ''}</span>
          Desliza hacia los lados para ver toda la sala
          <span aria-hidden="true">{overflow.after ? ' ›' : ''}</span>
        </ScrollHint>
      )}
      <Frame $before={overflow.before} $after={overflow.after}>
        <Scroller ref={overflow.ref} onScroll={overflow.measure} data-seat-scroller>
          <Room>
            <Screen aria-hidden="true">Pantalla</Screen>
            <Grid role="grid" aria-label={`Asientos de la sala ${roomId}`} aria-readonly={onToggle ? undefined : true}>
              {rows.map((row, rowIndex) => (
                <Row role="row" key={rowIndex}>
                  <RowLetter role="rowheader">{String.fromCharCode(65 + rowIndex)}</RowLetter>
                  {Array.from({ length: width }, (_, i) => i + 1).map((column) => {
                    const cell = row.find((seat) => seat.column === column);
                    const aisle = layout.aisles.includes(column) ? <Aisle aria-hidden="true" key={`aisle-${column}`} /> : null;
                    if (!cell) return [<Gap aria-hidden="true" key={`gap-${column}`} />, aisle];
                    const look = lookOf(cell.label);
                    const category = categoryOf(cell.label);
                    return [
                      <span role="gridcell" key={cell.label}>
                        <SeatButton
                          ref={(button) => {
                            if (button) buttons.current.set(cell.label, button);
                            else buttons.current.delete(cell.label);
                          }}
                          type="button"
                          $look={look}
                          $category={category}
                          tabIndex={cell.label === focusable ? 0 : -1}
                          aria-label={nameOf(cell)}
                          aria-describedby={category === 'companion' ? noteId : undefined}
                          aria-pressed={onToggle ? look === 'chosen' : undefined}
                          aria-disabled={!onToggle || look === 'taken' ? true : undefined}
                          onFocus={() => setFocused(cell.label)}
                          onKeyDown={onKeyDown(cell)}
                          onClick={() => onToggle && look !== 'taken' && onToggle(cell.label)}
                        >
                          <span aria-hidden="true">
                            {look === 'chosen' ? '✓' : look === 'taken' ? '×' : wheelchair.has(cell.label) ? '♿' : cell.number}
                          </span>
                        </SeatButton>
                      </span>,
                      aisle,
                    ];
                  })}
                  <RowLetter aria-hidden="true">{String.fromCharCode(65 + rowIndex)}</RowLetter>
                </Row>
              ))}
            </Grid>
          </Room>
        </Scroller>
      </Frame>
      <Legend aria-label="Referencias">
        <li>
          <Swatch $look="free" aria-hidden="true">
            7
          </Swatch>{' '}
          Libre
        </li>
        <li>
          <Swatch $look="taken" aria-hidden="true">
            ×
          </Swatch>{' '}
          Ocupado
        </li>
        {onToggle && (
          <li>
            <Swatch $look="chosen" aria-hidden="true">
              ✓
            </Swatch>{' '}
            Tu selección
          </li>
        )}
        {categories.has('premium') && (
          <li>
            <Swatch $look="free" $category="premium" aria-hidden="true">
              7
            </Swatch>{' '}
            Premium
          </li>
        )}
        {layout.wheelchair.length > 0 && (
          <li>
            <Swatch $look="free" aria-hidden="true">
              ♿
            </Swatch>{' '}
            Espacio para silla de ruedas
          </li>
        )}
        {categories.has('companion') && (
          <li>
            <Swatch $look="free" $category="companion" aria-hidden="true">
              7
            </Swatch>{' '}
            <span id={noteId}>{companionNote(companionReleaseHours)}</span>
          </li>
        )}
      </Legend>
    </Figure>
  );
}

/**
 * The scroller's state: whether seats hide before (left) or after (right) the part in view. It opens
 * centred on the room (the best seats are there) and is measured again on scroll and resize.
 */
function useSideScroll(layout: SeatLayout) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const scroller = ref.current;
    if (!scroller) return;
    const hidden = scroller.scrollWidth - scroller.clientWidth;
    const next = { before: hidden > 1 && scroller.scrollLeft > 1, after: hidden > 1 && scroller.scrollLeft < hidden - 1 };
    setOverflow((current) => (current.before === next.before && current.after === next.after ? current : next));
  }, []);
  useLayoutEffect(() => {
    const scroller = ref.current;
    if (!scroller) return;
    scroller.scrollLeft = Math.max(0, (scroller.scrollWidth - scroller.clientWidth) / 2);
    measure();
  }, [layout, measure]);
  useEffect(() => {
    const scroller = ref.current;
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, measure, ...overflow };
}

/** The smallest comfortable touch target. */
const SEAT_PX = 32;

const looks: Record<SeatLook, ReturnType<typeof css>> = {
  free: css`
    background: transparent;
    color: var(--cine-text, #f3f3f7);
    border-color: var(--cine-muted, #a6a6bb);
  `,
  taken: css`
    background: #3a3a4c;
    color: #d6d6e2;
    border-color: #3a3a4c;
    cursor: not-allowed;
  `,
  chosen: css`
    background: var(--cine-gold, #f5c518);
    color: #141414;
    border-color: var(--cine-gold, #f5c518);
    font-weight: 700;
  `,
};

/** A category shows as the seat's border (with the colour, never alone: the legend names it, the seat's name says it). */
const categoryLooks: Partial<Record<SeatCategory, ReturnType<typeof css>>> = {
  premium: css`
    border-style: double;
    border-width: 4px;
    border-color: #b38cff;
  `,
  companion: css`
    border-style: dashed;
  `,
};

const Figure = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  min-width: 0;
`;

const ScrollHint = styled.p`
  margin: 0;
  font-size: 0.85rem;
  text-align: center;
  color: var(--cine-muted, #a6a6bb);
`;

/** Fades the side where more seats hide, over the scroller. */
const Frame = styled.div<{ $before: boolean; $after: boolean }>`
  position: relative;

  &::before,
  &::after {
    content: '';
    position: absolute;
    top: 0;
    bottom: 0;
    z-index: 2;
    width: 1.25rem;
    pointer-events: none;
    transition: opacity 0.2s;
  }

  /* Inside the row letters, which stay at the sides. */
  &::before {
    left: calc(1.25rem + 4px);
    opacity: ${({ $before }) => ($before ? 1 : 0)};
    background: linear-gradient(to right, var(--cine-surface, #161622), transparent);
  }

  &::after {
    right: calc(1.25rem + 4px);
    opacity: ${({ $after }) => ($after ? 1 : 0)};
    background: linear-gradient(to left, var(--cine-surface, #161622), transparent);
  }
`;

/** A wide room scrolls sideways inside the dialog on a phone instead of shrinking its seats. */
const Scroller = styled.div`
  overflow-x: auto;
  padding-bottom: 0.25rem;
  scrollbar-width: thin;
  scrollbar-color: var(--cine-muted, #a6a6bb) transparent;
`;

/** The screen and the seats, as wide as the widest row: the screen is centred on the room. */
const Room = styled.div`
  width: max-content;
  margin: 0 auto;
`;

/** Over the seats only (the row letters' width and gap in from each side). */
const Screen = styled.div`
  margin: 0 calc(1.25rem + 4px) 0.75rem;
  padding: 0.15rem 0;
  border-top: 4px solid var(--cine-muted, #a6a6bb);
  border-radius: 50% 50% 0 0 / 12px 12px 0 0;
  text-align: center;
  font-size: 0.75rem;
  letter-spacing: 0.2em;
  text-transform: uppercase;
  color: var(--cine-muted, #a6a6bb);
`;

const Grid = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  width: max-content;
  margin: 0 auto;
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 4px;
`;

/** Stays at the side of the scroller while the seats slide under it: the row is always named. */
const RowLetter = styled.span`
  position: sticky;
  left: 0;
  z-index: 1;
  flex: none;
  width: 1.25rem;
  align-self: stretch;
  display: grid;
  place-items: center;
  background: var(--cine-surface, #161622);
  font-size: 0.8rem;
  color: var(--cine-muted, #a6a6bb);

  &:last-child {
    left: auto;
    right: 0;
  }
`;

const Gap = styled.span`
  width: ${SEAT_PX}px;
`;

const Aisle = styled.span`
  width: 14px;
`;

const SeatButton = styled.button<{ $look: SeatLook; $category: SeatCategory }>`
  width: ${SEAT_PX}px;
  height: ${SEAT_PX}px;
  padding: 0;
  border: 2px solid;
  border-radius: 6px 6px 3px 3px;
  font: inherit;
  font-size: 0.7rem;
  line-height: 1;
  cursor: pointer;
  ${({ $look }) => looks[$look]}
  ${({ $look, $category }) => ($look === 'free' ? categoryLooks[$category] : undefined)}

  &:focus-visible {
    outline: 3px solid var(--cine-accent, #e50914);
    outline-offset: 2px;
  }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.85rem;

  li {
    display: flex;
    align-items: center;
    gap: 0.4rem;
  }
`;

const Swatch = styled.span<{ $look: SeatLook; $category?: SeatCategory }>`
  display: inline-grid;
  place-items: center;
  width: 22px;
  height: 22px;
  border: 2px solid;
  border-radius: 5px 5px 2px 2px;
  flex: none;
  font-size: 0.65rem;
  ${({ $look }) => looks[$look]}
  ${({ $category }) => ($category ? categoryLooks[$category] : undefined)}
`;
