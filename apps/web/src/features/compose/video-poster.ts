/** A poster larger than this (longest side) is scaled down: the server keeps 640 px at most anyway. */
const MAX_POSTER_SIDE = 1280;
/** The frame taken: a tenth of a second in, past the black first frame many cameras write. */
const POSTER_TIME = 0.1;
const TIMEOUT_MS = 5000;

/** Resolves on the element's `event`, rejects on an error or after the timeout. */
function once(video: HTMLVideoElement, event: 'loadeddata' | 'seeked', timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (ok: boolean) => {
      window.clearTimeout(timer);
      video.removeEventListener(event, onEvent);
      video.removeEventListener('error', onError);
      if (ok) resolve();
      else reject(new Error(`no ${event}`));
    };
    const onEvent = () => done(true);
    const onError = () => done(false);
    const timer = window.setTimeout(() => done(false), timeoutMs);
    video.addEventListener(event, onEvent);
    video.addEventListener('error', onError);
  });
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * A poster frame of a video file, taken in the browser (a hidden muted <video> on the file's object URL, seeked
 * to 0.1 s or the middle of a shorter clip, drawn on a canvas) as a JPEG, to upload as Mastodon's `thumbnail`.
 * Null when the browser cannot decode the file or takes too long: the upload then goes without it.
 */
export async function captureVideoPoster(file: Blob, timeoutMs = TIMEOUT_MS): Promise<Blob | null> {
  if (typeof URL.createObjectURL !== 'function') return null;
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  video.setAttribute('aria-hidden', 'true');
  // in the page but out of sight: some browsers decode no frame for a detached element
  Object.assign(video.style, {
    position: 'fixed',
    left: '-10000px',
    width: '1px',
    height: '1px',
    opacity: '0',
  });
  document.body.append(video);
  try {
    const loaded = once(video, 'loadeddata', timeoutMs);
    video.src = url;
    await loaded;
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const time = Math.min(POSTER_TIME, duration / 2);
    if (time > 0) {
      const seeked = once(video, 'seeked', timeoutMs);
      video.currentTime = time;
      await seeked;
    }
    const { videoWidth: width, videoHeight: height } = video;
    if (!width || !height) return null;
    const scale = Math.min(1, MAX_POSTER_SIDE / Math.max(width, height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return await toBlob(canvas, 'image/jpeg', 0.85);
  } catch {
    return null;
  } finally {
    video.removeAttribute('src');
    video.load();
    video.remove();
    URL.revokeObjectURL(url);
  }
}
