import { useLiveSeatMap } from '@cine/web-kit';
import { Dialog, ErrorText, SeatMap } from '@cine/web-kit/ui';
import styled from 'styled-components';
import type { Show } from '../api/shows';

/** The show's seat map, read-only and live (the buyers' map): what is sold, held and free right now. */
export function ShowSeatMapDialog({ show, onClose }: { show: Show; onClose: () => void }) {
  const live = useLiveSeatMap(show.id);
  const map = live.status === 'live' ? live.map : undefined;
  const taken = map ? Object.values(map.taken) : [];
  const capacity = map ? map.layout.rows.reduce((sum, seats) => sum + seats, 0) : 0;
  const sold = taken.filter((state) => state === 'sold').length;
  const held = taken.length - sold;
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
          <SeatMap roomId={map.roomId} layout={map.layout} taken={map.taken} />
        </>
      )}
    </Dialog>
  );
}

const Counts = styled.p`
  margin: 0 0 1rem;
  font-weight: 600;
`;
