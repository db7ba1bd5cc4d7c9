import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  fetchActivePresales,
  joinPresale,
  errorMessage,
  presaleLinePath,
  presaleOfShow,
  useAsyncData,
  usePresaleStanding,
  type RemoteSession,
} from '@cine/web-kit';

/**
 * Issue 40 in the purchase controls: whether the chosen show is sold behind a presale's line, and the buyer's
 * standing in it. Such a show is bought only during the buyer's turn (`admitted`, with its session's end);
 * otherwise the controls offer the line. Without presales (or when they can't be read) nothing changes.
 */
export function useShowPresale(showId: string | null | undefined, session: RemoteSession) {
  const active = useAsyncData(() => fetchActivePresales().catch(() => []), 'active');
  const presale = active.status === 'ready' ? presaleOfShow(active.data, showId) : null;
  const standing = usePresaleStanding(presale?.id ?? null, session?.token ?? null);
  const me = standing.state.status === 'ready' ? standing.state.me : null;
  const navigate = useNavigate();
  const [joinError, setJoinError] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);

  const admittedUntil = me?.admitted && !me.expired && me.admission ? (me.admissionExpiresAt ?? null) : null;
  const admitted = admittedUntil !== null && Date.parse(admittedUntil) > Date.now();

  /** Takes a place in the line (or finds the one taken) and goes to the waiting page. */
  const goToLine = useCallback(async () => {
    if (!presale || !session) return;
    setJoinError(null);
    if (!me?.joined) {
      setJoining(true);
      try {
        await joinPresale(presale.id, session.token);
      } catch (error) {
        setJoinError(errorMessage(error));
        return;
      } finally {
        setJoining(false);
      }
    }
    navigate(presaleLinePath(presale.id));
  }, [presale, session, me?.joined, navigate]);

  return {
    presale,
    /** Not known yet whether the show may be bought now. */
    pending:
      active.status === 'loading' ||
      // 'idle' too: the render that first knows the presale comes before its standing starts loading.
      (presale !== null && session !== null && (standing.state.status === 'idle' || standing.state.status === 'loading')),
    /** The show is behind a line and it is not the buyer's turn. */
    blocks: presale !== null && !admitted,
    me,
    admitted,
    /** The end of the buyer's turn (ISO), while it lasts. */
    admittedUntil: admitted ? admittedUntil : null,
    reload: standing.reload,
    goToLine,
    joining,
    joinError,
  };
}

export type ShowPresale = ReturnType<typeof useShowPresale>;
