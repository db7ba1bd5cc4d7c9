import type { SeatMapDelta, SeatMapView } from '@cine/contracts';
import { useEffect, useState } from 'react';
import { api, apiUrl, errorMessage } from '../api-client';
import { applyDelta, fromSnapshot, type LiveSeatMap } from './seat-map-state';

export type LiveSeatMapStatus =
  | { status: 'loading' }
  | { status: 'live'; map: LiveSeatMap }
  | { status: 'gone' }
  | { status: 'error'; message: string; map?: LiveSeatMap };

/** The seat map's stream path (booking through the gateway). */
const seatMapStreamPath = (showId: string) => `/show/${encodeURIComponent(showId)}/seats/stream`;

/**
 * The show's seat map, kept live over server-sent events (GET /api/show/:id/seats/stream): a
 * snapshot, then deltas; a delta that does not follow on from the map's version (a change missed)
 * opens the stream again from a new snapshot. The browser's EventSource reconnects a dropped stream
 * by itself, naming the last version it had (Last-Event-ID). Without EventSource, one read of the map.
 */
export function useLiveSeatMap(showId: string | null): LiveSeatMapStatus {
  const [state, setState] = useState<LiveSeatMapStatus>({ status: 'loading' });

  useEffect(() => {
    if (!showId) return undefined;
    setState({ status: 'loading' });
    let closed = false;
    if (typeof EventSource === 'undefined') {
      api
        .get<SeatMapView>(`/show/${encodeURIComponent(showId)}/seats`, { token: null })
        .then((view) => !closed && setState({ status: 'live', map: fromSnapshot(view) }))
        .catch((error: unknown) => !closed && setState({ status: 'error', message: errorMessage(error) }));
      return () => {
        closed = true;
      };
    }
    let source: EventSource;
    let map: LiveSeatMap | undefined;
    const open = () => {
      source = new EventSource(apiUrl(seatMapStreamPath(showId)));
      source.addEventListener('snapshot', (event) => {
        map = fromSnapshot(JSON.parse((event as MessageEvent<string>).data) as SeatMapView);
        setState({ status: 'live', map });
      });
      source.addEventListener('seats', (event) => {
        if (!map) return;
        const next = applyDelta(map, JSON.parse((event as MessageEvent<string>).data) as SeatMapDelta);
        if (next === 'resync') {
          // Without Last-Event-ID: a new stream starts with a snapshot.
          source.close();
          map = undefined;
          open();
          return;
        }
        map = next;
        setState({ status: 'live', map });
      });
      source.addEventListener('gone', () => {
        source.close();
        setState({ status: 'gone' });
      });
      source.onerror = () => {
        // EventSource retries by itself unless the server refused (a 404, a 429): then it is closed.
        if (source.readyState === EventSource.CLOSED && !closed)
          setState({ status: 'error', message: 'No se pudo cargar el mapa de asientos. Inténtalo de nuevo.', ...(map ? { map } : {}) });
      };
    };
    open();
    return () => {
      closed = true;
      source.close();
    };
  }, [showId]);

  return state;
}
