// The engine's Web Worker: loads the WebAssembly engine from the module the page
// compiled, then answers one request at a time with the JSON API's objects
// ({answer} or {status, body}). Screenshots are decoded here by the browser
// (createImageBitmap, OffscreenCanvas) and scanned from their pixels.

// The glue of this worker's own version (the page asks for both with its version).
const glue = import(`../engine/unblocker_wasm.js${new URL(import.meta.url).search}`);
/** wasm-bindgen's exports, once loaded. */
let engine = null;

self.onmessage = async ({ data }) => {
  if (data.module) {
    try {
      const loaded = await glue;
      await loaded.default({ module_or_path: data.module });
      engine = loaded;
      self.postMessage({ ready: true });
    } catch (error) {
      self.postMessage({ error: String(error) });
    }
    return;
  }
  const { id, op, args } = data;
  try {
    const reply = await run(id, op, args);
    self.postMessage({ id, reply });
  } catch (error) {
    // A panic leaves the engine unusable: the page ends this worker.
    self.postMessage({ id, crashed: true, reply: { status: 500, body: { error: `the engine failed: ${error}` } } });
  }
};

async function run(id, op, args) {
  const progress = line => self.postMessage({ id, progress: line });
  switch (op) {
    case 'board': return JSON.parse(engine.board(JSON.stringify(args)));
    case 'puzzles': return JSON.parse(engine.puzzles());
    case 'solve': return JSON.parse(engine.solve(JSON.stringify(args.request), args.maxMemory, progress));
    case 'analyze': return JSON.parse(engine.analyze(JSON.stringify(args.request), args.maxMemory, progress));
    case 'levels': return JSON.parse(engine.levels());
    case 'level': return JSON.parse(engine.level(JSON.stringify(args)));
    case 'daily': return JSON.parse(engine.daily(JSON.stringify(args)));
    case 'review': return JSON.parse(engine.review(JSON.stringify(args.request), args.maxMemory));
    case 'random': return JSON.parse(engine.random(JSON.stringify(args), crypto.getRandomValues(new Uint32Array(1))[0]));
    case 'scan': return scan(args.file);
    default: return { status: 400, body: { error: `no such request: ${op}` } };
  }
}

/** Decodes the picked file with the browser and reads the board from its pixels. */
async function scan(file) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { status: 422, body: { error: 'the file is not a picture this browser can read (PNG, JPEG, GIF or WebP)' } };
  }
  const { width, height } = bitmap;
  if (width * height > engine.max_pixels()) {
    bitmap.close();
    return { status: 413, body: { error: `the picture has ${width * height} pixels; at most ${engine.max_pixels()} are scanned` } };
  }
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const pixels = new Uint8Array(context.getImageData(0, 0, width, height).data.buffer);
  const reply = JSON.parse(engine.scan(pixels, width, height));
  if (reply.status !== 422) return reply;
  // What the scanner saw, drawn over the picture, for the page to show.
  const overlay = engine.scan_overlay(pixels, width, height);
  if (overlay.length) {
    context.putImageData(new ImageData(new Uint8ClampedArray(overlay.buffer), width, height), 0, 0);
    reply.body.overlay_image = await canvas.convertToBlob({ type: 'image/png' });
  }
  return reply;
}
