import type { DoorShowView, OfflineScanResult, ShowView, TicketKeySet } from '@cine/contracts';
import { ApiError, errorMessage, newIdempotencyKey, type Session } from '@cine/web-kit';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { checkIn, fetchDoorShow, fetchTicketKeys, uploadScans } from '../api/door';
import { DoorQueue, uploadQueue } from '../doorQueue';
import { codeOf, decideOffline, normalizedCode, verdictOf, type DoorInput, type Verdict } from '../doorVerdict';

/** jose, for checking signatures offline: a chunk of its own, fetched as soon as a show is opened. */
const loadSignatureCheck = () => import('../signatureCheck');

/** How often the door tries again to upload what it recorded offline. */
const UPLOAD_RETRY_MS = 15_000;

export interface Door {
  /** The show's ticket list as last read (kept for offline), or null before the first read. */
  list: DoorShowView | null;
  /** Why the list could not be read, if it could not. */
  listError: string | null;
  /** False while the browser is offline or the server was unreachable on the last try. */
  connected: boolean;
  verdict: Verdict | null;
  /** A failure that is not a verdict (session expired, no list offline…). */
  failure: string | null;
  checking: boolean;
  /** Check-ins recorded offline, waiting for upload. */
  pending: number;
  /** Why the last upload stopped short (session expired, server error), if it did: the scans wait for the next try. */
  uploadStopped: string | null;
  /** Uploaded check-ins the server did not take: admitted twice, refunded meanwhile… */
  problems: OfflineScanResult[];
  check(input: DoorInput): Promise<void>;
  dismissProblems(): void;
}

/**
 * The door of one show: checks each scan or typed code with the server, or, without network, by itself
 * (the show's list, the cached public keys, the admissions recorded here), and uploads what it
 * recorded once the network returns.
 */
export function useDoor(session: Session, show: ShowView, entrance: string): Door {
  const { token } = session;
  const queue = useMemo(() => new DoorQueue(localStorage), []);
  const [list, setList] = useState<DoorShowView | null>(() => readSaved<DoorShowView>(listKey(show.id)));
  const [keys, setKeys] = useState<TicketKeySet | null>(() => readSaved<TicketKeySet>(KEYS_KEY));
  const [listError, setListError] = useState<string | null>(null);
  const browserOnline = useBrowserOnline();
  const [reachable, setReachable] = useState(true);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [pending, setPending] = useState(() => queue.pending().length);
  const [problems, setProblems] = useState(() => queue.problems());
  const [uploadStopped, setUploadStopped] = useState<string | null>(null);

  const refreshList = useCallback(async () => {
    try {
      const [fresh, jwks] = await Promise.all([fetchDoorShow(token, show.id), fetchTicketKeys()]);
      save(listKey(show.id), fresh);
      save(KEYS_KEY, jwks);
      setList(fresh);
      setKeys(jwks);
      setListError(null);
      setReachable(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) setReachable(false);
      setListError(errorMessage(error));
    }
  }, [token, show.id]);

  useEffect(() => {
    void refreshList();
    loadSignatureCheck().catch(() => undefined);
  }, [refreshList]);

  const upload = useCallback(async () => {
    if (queue.pending().length === 0) return;
    const outcome = await uploadQueue(queue, (scans) => uploadScans(token, scans)).catch(() => null);
    setPending(queue.pending().length);
    setProblems(queue.problems());
    if (outcome?.status === 'unreachable') setReachable(false);
    setUploadStopped(outcome?.status === 'stopped' ? outcome.reason : null);
    if (outcome?.status === 'done') {
      setReachable(true);
      void refreshList();
    }
  }, [queue, token, refreshList]);

  useEffect(() => {
    if (!browserOnline) return;
    void upload();
    const retry = setInterval(() => void upload(), UPLOAD_RETRY_MS);
    return () => clearInterval(retry);
  }, [browserOnline, upload]);

  const decideHere = useCallback(
    async (input: DoorInput): Promise<Verdict | null> => {
      if (!list) return null;
      const claims =
        'token' in input ? (keys ? await (await loadSignatureCheck()).verifiedTicketClaims(input.token, keys) : null) : undefined;
      const decided = decideOffline(input, { door: list, admittedHere: queue.admissionsOf(show.id), claims, now: new Date() });
      if (decided.result === 'admitted') {
        const what = 'token' in input ? { token: input.token } : { code: normalizedCode(input.code) };
        queue.record({
          scan: { clientScanId: newIdempotencyKey(), ...what, showId: show.id, scannedAt: new Date().toISOString(), entrance },
          code: codeOf(input, claims),
        });
        setPending(queue.pending().length);
      }
      return decided;
    },
    [list, keys, queue, show.id, entrance],
  );

  const check = useCallback(
    async (input: DoorInput) => {
      setChecking(true);
      setFailure(null);
      try {
        if (browserOnline) {
          try {
            const request =
              'token' in input ? { token: input.token, showId: show.id, entrance } : { code: input.code, showId: show.id, entrance };
            setVerdict(verdictOf(await checkIn(token, request)));
            setReachable(true);
            return;
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 0)) {
              setVerdict(null);
              setFailure(errorMessage(error));
              return;
            }
            setReachable(false);
          }
        }
        const decided = await decideHere(input);
        setVerdict(decided);
        if (!decided) setFailure('Sin conexión y sin la lista de esta función: no se puede validar. Vuelve a abrirla con conexión.');
      } finally {
        setChecking(false);
      }
    },
    [browserOnline, decideHere, show.id, entrance, token],
  );

  const dismissProblems = useCallback(() => {
    queue.dismissProblems();
    setProblems([]);
  }, [queue]);

  return {
    list,
    listError,
    connected: browserOnline && reachable,
    verdict,
    failure,
    checking,
    pending,
    uploadStopped,
    problems,
    check,
    dismissProblems,
  };
}

function useBrowserOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

const KEYS_KEY = 'cine-door-keys';
const listKey = (showId: string) => `cine-door-show-${showId}`;

function readSaved<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function save(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or denied: the door still works while the page stays open.
  }
}
