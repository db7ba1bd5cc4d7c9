import { seatCategoryOf, type SeatCategory, type SeatLayout } from '@cine/contracts';
import { useLiveSeatMap } from '@cine/web-kit';
import { Dialog, ErrorText, SeatMap } from '@cine/web-kit/ui';
import styled, { css } from 'styled-components';
import { CATEGORY_LABELS } from '../../../api/pricing';
import type { Show } from '../api/shows';

type MarkedCategory = Exclude<SeatCategory, 'standard'>;

/** Each category's mark: a coloured ring and a different line, so colour is not the only cue. */
const MARKS: Record<MarkedCategory, ReturnType<typeof css>> = {
  premium: css`
    box-shadow: inset 0 0 0 3px var(--cine-gold, #f5c518);
  `,
  wheelchair: css`
    box-shadow: inset 0 0 0 3px #4ea3ff;
  `,
  companion: css`
    outline: 2px dashed #3ddc84;
    outline-offset: -4px;
  `,
};

/** The seats of each category the layout marks (standard left out), in the layout's order. */
function seatsByCategory(layout: SeatLayout): Array<{ category: MarkedCategory; seats: string[] }> {
  const labels = [...new Set([...layout.wheelchair, ...Object.keys(layout.categories ?? {}), ...Object.keys(layout.companions ?? {})])];
  return (['premium', 'wheelchair', 'companion'] as const)
    .map((category) => ({
      category,
      seats: labels.filter(
        (label) => (layout.companions?.[label] && !layout.categories?.[label] ? 'companion' : seatCategoryOf(layout, label)) === category,
      ),
    }))
    .filter((group) => group.seats.length > 0);
}

/** Labels as the legend lists them: a row's consecutive seats as one range ('K1–K16, L1–L16, A3'). */
function seatRanges(labels: readonly string[]): string {
  const rows = new Map<string, number[]>();
  for (const label of labels) rows.set(label.charAt(0), [...(rows.get(label.charAt(0)) ?? []), Number(label.slice(1))]);
  const ranges: string[] = [];
  for (const [row, numbers] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...numbers].sort((a, b) => a - b);
    let start = sorted[0] as number;
    sorted.forEach((number, index) => {
      const next = sorted[index + 1];
      if (next === number + 1) return;
      ranges.push(start === number ? `${row}${number}` : `${row}${start}–${row}${number}`);
      if (next !== undefined) start = next;
    });
  }
  return ranges.join(', ');
}

/** The show's seat map, read-only and live (the buyers' map): what is sold, held and free right now, and the seat categories. */
export function ShowSeatMapDialog({ show, onClose }: { show: Show; onClose: () => void }) {
  const live = useLiveSeatMap(show.id);
  const map = live.status === 'live' ? live.map : undefined;
  const taken = map ? Object.values(map.taken) : [];
  const capacity = map ? map.layout.rows.reduce((sum, seats) => sum + seats, 0) : 0;
  const sold = taken.filter((state) => state === 'sold').length;
  const held = taken.length - sold;
  const categories = map ? seatsByCategory(map.layout) : [];
  return (
    <Dialog title={`Mapa de asientos: ${show.movie.Title}, ${show.day} ${show.schedule}, sala ${show.roomId}`} onClose={onClose} wide>
      {live.status === 'loading' && <p role="status">Cargando el mapa de asientos…</p>}
      {live.status === 'gone' && <ErrorText role="alert">La función ya no existe.</ErrorText>}
      {live.status === 'error' && <ErrorText role="alert">{live.message}</ErrorText>}
      {map && (
        <>
          <Counts role="status">
            {sold} vendidos · {held} reservados · {capacity - taken.length} libres
          </Counts>
          <Marked $groups={categories}>
            <SeatMap roomId={map.roomId} layout={map.layout} taken={map.taken} />
          </Marked>
          {categories.length > 0 && (
            <CategoryLegend aria-label="Categorías de butacas">
              {categories.map(({ category, seats }) => (
                <li key={category}>
                  <Swatch $category={category} aria-hidden="true" /> {CATEGORY_LABELS[category]} ({seats.length}):{' '}
                  {category === 'companion'
                    ? seats
                        .map((label) => (map.layout.companions?.[label] ? `${label} (junto a ${map.layout.companions[label]})` : label))
                        .join(', ')
                    : seatRanges(seats)}
                </li>
              ))}
            </CategoryLegend>
          )}
        </>
      )}
    </Dialog>
  );
}

/** Rings each seat of a category: the map's seats are named 'Fila K, asiento 3, …'. */
const Marked = styled.div<{ $groups: Array<{ category: MarkedCategory; seats: string[] }> }>`
  ${({ $groups }) =>
    $groups.map(
      ({ category, seats }) => css`
        ${seats.map((label) => `button[aria-label^="Fila ${label.charAt(0)}, asiento ${label.slice(1)},"]`).join(', ')} {
          ${MARKS[category]}
        }
      `,
    )}
`;

const Swatch = styled.span<{ $category: MarkedCategory }>`
  display: inline-block;
  width: 1.4rem;
  height: 1.4rem;
  vertical-align: middle;
  border-radius: 6px;
  background: var(--cine-surface-2, #20202f);
  ${({ $category }) => MARKS[$category]}
`;

const CategoryLegend = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
  margin: 1rem 0 0;
  padding: 0;
  list-style: none;
`;

const Counts = styled.p`
  margin: 0 0 1rem;
  font-weight: 600;
`;
