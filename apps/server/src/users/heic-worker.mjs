// Decodes one HEIC picture in a worker thread: libheif's WebAssembly build blocks the thread
// it runs on, and its memory is returned only when the worker ends. The size is read from the
// container first, so an oversized picture is refused before a single pixel is allocated; the
// decoded picture is shrunk here to what the caller keeps, so only that much leaves the worker.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
// The .wasm file itself: the bundle that inlines it as text costs the worker some 7 MB more.
const libheif = require('libheif-js/libheif-wasm/libheif.js')({ wasmBinary: fs.readFileSync(require.resolve('libheif-js/libheif-wasm/libheif.wasm')) });

const { buffer, maxPixels, keep } = workerData;

/** Kr and Kb of the YCbCr matrices (ITU-T H.273 matrix_coefficients); libheif's default is BT.601. */
const MATRICES = { 1: [0.2126, 0.0722], 4: [0.3, 0.11], 5: [0.299, 0.114], 6: [0.299, 0.114], 7: [0.212, 0.087], 9: [0.2627, 0.0593], 10: [0.2627, 0.0593] };

/** The size the caller keeps, as sharp's resize with `fit` and withoutEnlargement gives it. */
function keptSize(width, height) {
  const fits = [keep.edge / width, keep.edge / height];
  const scale = Math.min(keep.fit === 'inside' ? Math.min(...fits) : Math.max(...fits), 1);
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

/**
 * Shrinks a plane (`channels` interleaved samples a pixel, rows `stride` apart) to `toWidth` ×
 * `toHeight` by averaging each pixel's footprint (a box filter, read in place from the
 * WebAssembly memory): sharp in this thread would cost as much memory again.
 */
function shrink(plane, channels, toWidth, toHeight) {
  const { data, stride, width, height } = plane;
  const span = (to, from, i) => [Math.min(from - 1, Math.floor((i * from) / to)), Math.max(Math.floor((i * from) / to) + 1, Math.floor(((i + 1) * from) / to))];
  const columns = Array.from({ length: toWidth }, (_, x) => span(toWidth, width, x));
  const out = new Uint8ClampedArray(toWidth * toHeight * channels);
  const sums = new Float64Array(toWidth * channels);
  for (let y = 0; y < toHeight; y += 1) {
    const [top, bottom] = span(toHeight, height, y);
    sums.fill(0);
    for (let row = top; row < Math.min(bottom, height); row += 1) {
      const start = row * stride;
      for (let x = 0; x < toWidth; x += 1) {
        const [left, right] = columns[x];
        for (let col = left; col < Math.min(right, width); col += 1) {
          for (let c = 0; c < channels; c += 1) sums[x * channels + c] += data[start + col * channels + c];
        }
      }
    }
    for (let x = 0; x < toWidth; x += 1) {
      const [left, right] = columns[x];
      const area = (Math.min(right, width) - left) * (Math.min(bottom, height) - top);
      for (let c = 0; c < channels; c += 1) out[(y * toWidth + x) * channels + c] = sums[x * channels + c] / area;
    }
  }
  return out;
}

/**
 * The matrix and range libheif itself would convert with (the file's colour profile, else the
 * HEVC stream's), read through its C API: the JavaScript binding does not expose them.
 */
function colourProfile(image) {
  const error = libheif._malloc(16);
  const out = libheif._malloc(4);
  new DataView(libheif.HEAPU8.buffer).setUint32(out, 0, true);
  libheif._heif_image_get_nclx_color_profile(error, image.$$.ptr, out);
  const memory = new DataView(libheif.HEAPU8.buffer);
  const nclx = memory.getUint32(out, true);
  if (!nclx) return { matrix: MATRICES[6], fullRange: true };
  return { matrix: MATRICES[memory.getInt32(nclx + 12, true)] ?? MATRICES[6], fullRange: memory.getUint8(nclx + 16) === 1 };
}

function decode(handle, colourspace, chroma) {
  const decoded = libheif.heif_js_decode_image2(handle, colourspace, chroma);
  if (!decoded || decoded.code) throw new Error('this HEIC picture cannot be decoded');
  return decoded;
}

/**
 * The 8-bit YCbCr 4:2:0 planes as they come out of the HEVC decoder, shrunk first and turned to
 * RGB after: libheif's own RGB result would hold a second, twice larger copy of the picture.
 */
function fromYCbCr(handle) {
  const decoded = decode(handle, libheif.heif_colorspace.heif_colorspace_YCbCr, libheif.heif_chroma.heif_chroma_420);
  const [luma, blue, red] = [0, 1, 2].map((id) => decoded.channels.find((plane) => (plane.id.value ?? plane.id) === id));
  const [width, height] = keptSize(luma.width, luma.height);
  const [y, cb, cr] = [luma, blue, red].map((plane) => shrink(plane, 1, width, height));
  const {
    matrix: [kr, kb],
    fullRange,
  } = colourProfile(decoded.image);
  const kg = 1 - kr - kb;
  const [lumaScale, lumaOffset, chromaScale] = fullRange ? [1, 0, 1] : [255 / 219, 16, 255 / 224];
  // A clamped array rounds and clamps each value to 0–255 as it is stored.
  const rgb = new Uint8ClampedArray(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    const l = (y[i] - lumaOffset) * lumaScale;
    const u = (cb[i] - 128) * chromaScale;
    const v = (cr[i] - 128) * chromaScale;
    rgb[i * 3] = l + 2 * (1 - kr) * v;
    rgb[i * 3 + 1] = l - ((2 * kb * (1 - kb)) / kg) * u - ((2 * kr * (1 - kr)) / kg) * v;
    rgb[i * 3 + 2] = l + 2 * (1 - kb) * u;
  }
  return { width, height, channels: 3, data: rgb };
}

/** Pictures with transparency or more than 8 bits: libheif's own 8-bit RGB(A), shrunk after. */
function fromRgb(handle, alpha) {
  const chroma = alpha ? libheif.heif_chroma.heif_chroma_interleaved_RGBA : libheif.heif_chroma.heif_chroma_interleaved_RGB;
  const [plane] = (decode(handle, libheif.heif_colorspace.heif_colorspace_RGB, chroma)).channels;
  const channels = alpha ? 4 : 3;
  const [width, height] = keptSize(plane.width, plane.height);
  return { width, height, channels, data: shrink(plane, channels, width, height) };
}

await libheif.ready;
const [image] = new libheif.HeifDecoder().decode(new Uint8Array(buffer));
if (!image) throw new Error('no picture in this HEIF file');
const width = image.get_width();
const height = image.get_height();
if (width * height > maxPixels) {
  parentPort.postMessage({ tooLarge: true, width, height });
} else {
  // The binding's views of the planes go stale when the WebAssembly memory grows while they are
  // made (a grid of tiles does that): it grows once here instead, untouched, so it costs no memory.
  libheif._free(libheif._malloc(width * height * 8));
  const alpha = image.has_alpha_channel();
  const eightBit = libheif._heif_image_handle_get_luma_bits_per_pixel(image.handle.$$.ptr) === 8;
  const shrunk = alpha || !eightBit ? fromRgb(image.handle, alpha) : fromYCbCr(image.handle);
  parentPort.postMessage(shrunk, [shrunk.data.buffer]);
}
