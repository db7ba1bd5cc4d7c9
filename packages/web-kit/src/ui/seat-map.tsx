import { columnOf, layoutWidth, seatLabel, type SeatLayout, type SeatState } from '@cine/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import styled, { css } from 'styled-components';

type SeatLook = 'free' | 'taken' | 'chosen';

interface SeatMapProps {
  roomId: number;
  layout: SeatLayout;
  /** Held or sold seats by label. */
  taken: Readonly<Record<string, Exclude<SeatState, 'free'>>>;
  /** The buyer's selection (aria-pressed). */
  selected?: readonly string[];
  /** Toggles a free seat; left out, the map is read-only (the admin's view). */
  onToggle?: (label: string) => void;
}

interface Cell {
  label: string;
  row: number;
  number: number;
  column: number;
}

/** The words each state reads as (also printed in the legend): colour is never the only cue. */
const LOOK_TEXT: Record<SeatLook, string> = { free: 'libre', taken: 'ocupado', chosen: 'tu selección' };
const TAKEN_TEXT: Record<Exclude<SeatState, 'free'>, string> = { held: 'reservado', sold: 'vendido' };

/**
 * The room's seats as a grid of buttons (the screen at the top, rows lettered from the front, aisles
 * as gaps): one Tab stop, arrow keys move between seats (up and down to the nearest seat of the next
 * row), Space or Enter toggles a free seat. Each seat reads "Fila F, asiento 7, libre"; the chosen
 * ones are pressed; taken seats can be reached but not chosen. States show a mark as well as a colour
 * (✓ chosen, × taken, ♿ a wheelchair space). Seats are 28 px; a wide room scrolls sideways on a phone.
 */
export function SeatMap({ roomId, layout, taken, selected = [], onToggle }: SeatMapProps) {
  const width = layoutWidth(layout);
  const rows: Cell[][] = layout.rows.map((seats, row) =>
    Array.from({ length: seats }, (_, i) => {
      const number = i + 1;
      return { label: seatLabel(row, number), row, number, column: columnOf(layout, { row, number }) };
    }),
  );
  const chosen = new Set(selected);
  const wheelchair = new Set(layout.wheelchair);
  const [focused, setFocused] = useState<string>(() => selected[0] ?? rows[Math.floor(rows.length / 2)]?.[0]?.label ?? 'A1');
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const lookOf = (label: string): SeatLook => (taken[label] ? 'taken' : chosen.has(label) ? 'chosen' : 'free');
  const nameOf = (cell: Cell) => {
    const state =
      taken[cell.label] && !onToggle ? TAKEN_TEXT[taken[cell.label] as Exclude<SeatState, 'free'>] : LOOK_TEXT[lookOf(cell.label)];
    return `Fila ${cell.label.charAt(0)}, asiento ${cell.number}${wheelchair.has(cell.label) ? ', espacio para silla de ruedas' : ''}, ${state}`;
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

  const focusable = rows.some((row) => row.some((cell) => cell.label === focused)) ? focused : rows[0]?.[0]?.label;

  return (
    <Figure>
      <Scroller>
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
                return [
                  <span role="gridcell" key={cell.label}>
                    <SeatButton
                      ref={(button) => {
                        if (button) buttons.current.set(cell.label, button);
                        else buttons.current.delete(cell.label);
                      }}
                      type="button"
                      $look={look}
                      tabIndex={cell.label === focusable ? 0 : -1}
                      aria-label={nameOf(cell)}
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
      </Scroller>
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
        {layout.wheelchair.length > 0 && (
          <li>
            <Swatch $look="free" aria-hidden="true">
              ♿
            </Swatch>{' '}
            Espacio para silla de ruedas
          </li>
        )}
      </Legend>
    </Figure>
  );
}

const SEAT_PX = 28;

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

const Figure = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  min-width: 0;
`;

/** A wide room scrolls sideways inside the dialog on a phone instead of shrinking its seats. */
const Scroller = styled.div`
  overflow-x: auto;
  padding-bottom: 0.25rem;
`;

const Screen = styled.div`
  margin: 0 auto 0.75rem;
  width: min(100%, 28rem);
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

const RowLetter = styled.span`
  width: 1.25rem;
  text-align: center;
  font-size: 0.8rem;
  color: var(--cine-muted, #a6a6bb);
`;

const Gap = styled.span`
  width: ${SEAT_PX}px;
`;

const Aisle = styled.span`
  width: 14px;
`;

const SeatButton = styled.button<{ $look: SeatLook }>`
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

const Swatch = styled.span<{ $look: SeatLook }>`
  display: inline-grid;
  place-items: center;
  width: 22px;
  height: 22px;
  border: 2px solid;
  border-radius: 5px 5px 2px 2px;
  font-size: 0.65rem;
  ${({ $look }) => looks[$look]}
`;
