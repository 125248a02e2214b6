// Decodes one HEIC picture in a worker thread: libheif's WebAssembly build blocks the thread
// it runs on, and its memory is returned only when the worker ends. The size is read from the
// container first, so an oversized picture is refused before a single pixel is allocated.
import { parentPort, workerData } from 'node:worker_threads';
import decodeHeic from 'heic-decode';

const { buffer, maxPixels } = workerData;
const images = await decodeHeic.all({ buffer: new Uint8Array(buffer) });
try {
  const { width, height } = images[0];
  if (width * height > maxPixels) {
    parentPort.postMessage({ tooLarge: true, width, height });
  } else {
    const decoded = await images[0].decode();
    parentPort.postMessage({ width: decoded.width, height: decoded.height, data: decoded.data }, [decoded.data.buffer]);
  }
} finally {
  images.dispose();
}
