import type { PresaleMeView } from '@cine/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api-client';
import { openEventStream } from '../event-stream';
import { fetchMyStanding, joinPresale, myStandingStreamPath, rememberAdmission } from './presale-api';

export type PresaleStandingState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `live`: the stream is open (false while it reconnects: what is shown may be a moment old). */
  | { status: 'ready'; me: PresaleMeView; live: boolean };

/** How often, and how far apart, GET /me is asked again for an admission the stream says is due. */
const ADMISSION_RETRIES = 5;
const ADMISSION_RETRY_MS = 1000;

/** A standing that no longer moves: the line is closed for good, or the buyer's turn is over. */
const finished = (me: PresaleMeView) => me.state === 'closed' || me.expired;

/** A 'standing' event applied to what the page knows: the admission stays while the buyer is admitted. */
function withStanding(current: PresaleMeView, standing: Partial<PresaleMeView>): PresaleMeView {
  const next: PresaleMeView = { ...current, ...standing };
  if (!next.admitted || next.expired) {
    delete next.admission;
    delete next.admissionExpiresAt;
  } else if (!standing.admission && current.admission) {
    next.admission = current.admission;
    if (current.admissionExpiresAt) next.admissionExpiresAt = current.admissionExpiresAt;
  }
  return next;
}

/**
 * The signed-in buyer's standing in a presale's line (issue 40): GET /presales/{id}/me, then kept live by
 * the authenticated stream GET /presales/{id}/me/stream while the buyer is in the line. When the stream
 * says the buyer's turn has come, GET /me is read once more for the admission (the stream never carries
 * it), which the holds and checkouts of the presale's shows then send. `join` takes a place.
 */
export function usePresaleStanding(presaleId: string | null, token: string | null) {
  const [state, setState] = useState<PresaleStandingState>({ status: presaleId && token ? 'loading' : 'idle' });
  const [attempt, setAttempt] = useState(0);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  // Whether the place is in the line (a stream is worth opening), and whether its admission was asked for.
  const [inLine, setInLine] = useState(false);
  const askedAdmission = useRef(false);

  useEffect(() => {
    if (!presaleId || !token) {
      setState({ status: 'idle' });
      return undefined;
    }
    let current = true;
    askedAdmission.current = false;
    setState((now) => (now.status === 'ready' ? now : { status: 'loading' }));
    fetchMyStanding(presaleId, token).then(
      (me) => {
        if (!current) return;
        rememberAdmission(me);
        if (me.admitted && me.admission) askedAdmission.current = true;
        setState({ status: 'ready', me, live: false });
        setInLine(me.joined && !finished(me));
      },
      (error: unknown) => current && setState({ status: 'error', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [presaleId, token, attempt]);

  useEffect(() => {
    if (!presaleId || !token || !inLine) return undefined;
    let stop = () => {};
    let retry: ReturnType<typeof setTimeout> | undefined;
    const fetchAdmission = (attempt = 0) => {
      askedAdmission.current = true;
      fetchMyStanding(presaleId, token).then(
        (me) => {
          rememberAdmission(me);
          setState((now) => (now.status === 'ready' ? { ...now, me: withStanding(now.me, me) } : now));
          // Admitted but no admission yet (booking between its writes): asked again shortly.
          if (me.admitted && !me.expired && !me.admission && attempt < ADMISSION_RETRIES)
            retry = setTimeout(() => fetchAdmission(attempt + 1), ADMISSION_RETRY_MS);
        },
        () => {
          // Asked again with the next standing that says so.
          askedAdmission.current = false;
        },
      );
    };
    stop = openEventStream(myStandingStreamPath(presaleId), {
      token,
      onEvent: (event) => {
        if (event.type !== 'standing') return;
        let standing: Partial<PresaleMeView>;
        try {
          standing = JSON.parse(event.data) as Partial<PresaleMeView>;
        } catch {
          return;
        }
        setState((now) => {
          if (now.status !== 'ready') return now;
          const me = withStanding(now.me, standing);
          if (!me.admitted || me.expired) rememberAdmission(me);
          return { status: 'ready', me, live: true };
        });
        if (standing.admitted && !standing.expired && !askedAdmission.current) fetchAdmission();
        if (standing.expired || standing.state === 'closed') {
          setInLine(false);
          stop();
        }
      },
      onStatus: (status) => {
        setState((now) => (now.status === 'ready' ? { ...now, live: status.status === 'open' } : now));
      },
    });
    return () => {
      clearTimeout(retry);
      stop();
    };
  }, [presaleId, token, inLine]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const join = useCallback(async () => {
    if (!presaleId || !token) return;
    setJoinError(null);
    setJoining(true);
    try {
      await joinPresale(presaleId, token);
      reload();
    } catch (error) {
      setJoinError(errorMessage(error));
    } finally {
      setJoining(false);
    }
  }, [presaleId, token, reload]);

  return { state, reload, join, joining, joinError };
}
