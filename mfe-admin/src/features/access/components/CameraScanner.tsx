import { Button } from '@cine/web-kit/ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { createVideoQrReader } from '../qrDecoder';

/** Frames looked at per second: a QR is read within a fraction of a second without heating the phone. */
const SCAN_INTERVAL_MS = 200;
/** The same code held in front of the camera is read once, not once per frame. */
const SAME_CODE_PAUSE_MS = 3_000;

/** The phone's back camera, reading QR codes until stopped; each new code goes to `onCode`. */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [running, setRunning] = useState(false);
  const [watching, setWatching] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    if (!running) return;
    setProblem(null);
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('sin cámara');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        const element = video.current;
        // Stopped while the camera, the video or the decoder was coming: the cleanup ran before the stream existed.
        const release = () => stream?.getTracks().forEach((track) => track.stop());
        if (stopped || !element) return release();
        element.srcObject = stream;
        await element.play();
        const read = await createVideoQrReader();
        if (stopped) return release();
        setWatching(true);
        let busy = false;
        let last = { text: '', at: 0 };
        timer = setInterval(() => {
          if (busy) return;
          busy = true;
          read(element)
            .then((text) => {
              if (!text || (text === last.text && Date.now() - last.at < SAME_CODE_PAUSE_MS)) return;
              last = { text, at: Date.now() };
              latest.current(text);
            })
            .catch(() => undefined)
            .finally(() => (busy = false));
        }, SCAN_INTERVAL_MS);
      } catch {
        if (stopped) return;
        setProblem('No se pudo usar la cámara (sin permiso o sin cámara): escribe el código de la entrada.');
        setRunning(false);
      }
    })();
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
      setWatching(false);
    };
  }, [running]);

  return (
    <Frame>
      <Button type="button" $variant={running ? 'secondary' : 'primary'} onClick={() => setRunning(!running)}>
        {running ? 'Detener cámara' : 'Escanear con la cámara'}
      </Button>
      {running && !watching && <p role="status">Abriendo la cámara...</p>}
      {problem && <p role="alert">{problem}</p>}
      <video ref={video} hidden={!running} muted playsInline aria-label="Vista de la cámara" />
    </Frame>
  );
}

const Frame = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;

  p {
    margin: 0;
  }

  video {
    width: 100%;
    max-height: 50vh;
    border-radius: 12px;
    background: #000;
    object-fit: cover;
  }
`;
