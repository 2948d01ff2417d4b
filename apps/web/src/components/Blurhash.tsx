import { decode } from 'blurhash';
import { useEffect, useRef } from 'react';

/** A blurred placeholder drawn from a blurhash while the real image loads. */
export function Blurhash({ hash, className }: { hash: string; className?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    try {
      const pixels = decode(hash, 32, 32);
      const image = context.createImageData(32, 32);
      image.data.set(pixels);
      context.putImageData(image, 0, 0);
    } catch {
      // an invalid hash leaves the plain background
    }
  }, [hash]);
  return <canvas ref={canvas} width={32} height={32} className={className} aria-hidden="true" />;
}
