/** One image's pixels, RGBA (an ImageData). */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** jsQR is a chunk of its own, downloaded only where the browser cannot read QR codes itself. */
const loadJsQr = () => import('jsqr').then((module) => module.default);

/** The text of the QR code in `pixels`, or null when none is readable. */
export async function decodeQr(pixels: Pixels): Promise<string | null> {
  const jsQR = await loadJsQr();
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** The browser's barcode reader (Chromium on Android, Safari), absent from TypeScript's DOM types. */
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeReaderClass {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

/** A function that reads the QR code in a playing video's current frame, if any. */
export type VideoQrReader = (video: HTMLVideoElement) => Promise<string | null>;

/** Frames are scaled down to this width before decoding: enough for a QR held at arm's length, and fast. */
const FRAME_WIDTH = 640;

/** The browser's BarcodeDetector when it reads QR codes; otherwise jsQR on the frame drawn to a canvas. */
export async function createVideoQrReader(): Promise<VideoQrReader> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;
  const native = Detector ? await Detector.getSupportedFormats().catch(() => []) : [];
  if (Detector && native.includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  await loadJsQr();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return decodeQr(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}
