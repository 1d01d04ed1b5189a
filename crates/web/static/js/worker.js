// The engine's Web Worker: loads the WebAssembly engine from the module the page
// compiled, then answers one request at a time with the JSON API's objects
// (the messages and replies of js/protocol.js). Screenshots are decoded here by
// the browser (createImageBitmap, OffscreenCanvas) and scanned from their pixels.

// The glue and the protocol of this worker's own version (the page asks for the
// worker with its version, and the worker passes it on).
const ownVersion = new URL(import.meta.url).search;
const glue = import(`../engine/unblocker_wasm.js${ownVersion}`);
const protocol = import(`./protocol.js${ownVersion}`);
/** wasm-bindgen's exports, once loaded. */
let engine = null;
/** Each op's answer, once loaded: `answersFor`'s. */
let answers = null;

self.onmessage = async ({ data }) => {
  if (data.module) {
    try {
      const loaded = await glue;
      await loaded.default({ module_or_path: data.module });
      answers = answersFor((await protocol).OP);
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

/**
 * The engine's function for each op (crates/wasm/src/lib.rs), by the op's
 * name: each takes the op's arguments and a progress callback and gives a
 * Reply, or its JSON text.
 */
const answersFor = OP => ({
  [OP.board]: args => engine.board(JSON.stringify(args)),
  [OP.puzzles]: () => engine.puzzles(),
  [OP.solve]: (args, progress) => engine.solve(JSON.stringify(args.request), args.maxMemory, progress),
  [OP.analyze]: (args, progress) => engine.analyze(JSON.stringify(args.request), args.maxMemory, progress),
  [OP.random]: args => engine.random(JSON.stringify(args), crypto.getRandomValues(new Uint32Array(1))[0]),
  [OP.scan]: args => scan(args.file),
  [OP.levels]: () => engine.levels(),
  [OP.level]: args => engine.level(JSON.stringify(args)),
  [OP.daily]: args => engine.daily(JSON.stringify(args)),
  [OP.review]: args => engine.review(JSON.stringify(args.request), args.maxMemory),
});

async function run(id, op, args) {
  const progress = line => self.postMessage({ id, progress: line });
  if (!Object.hasOwn(answers, op)) return { status: 400, body: { error: `no such request: ${op}` } };
  const reply = await answers[op](args, progress);
  return typeof reply === 'string' ? JSON.parse(reply) : reply;
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
  const allowed = JSON.parse(engine.check_size(width, height));
  if (allowed.status) {
    bitmap.close();
    return allowed;
  }
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const pixels = new Uint8Array(context.getImageData(0, 0, width, height).data.buffer);
  const reply = JSON.parse(engine.scan(pixels, width, height));
  if (reply.status !== 422) return reply;
  // What the scanner saw, drawn over the picture, as the server sends it.
  const overlay = engine.scan_overlay(pixels, width, height);
  if (overlay.length) {
    context.putImageData(new ImageData(new Uint8ClampedArray(overlay.buffer), width, height), 0, 0);
    const png = await canvas.convertToBlob({ type: 'image/png' });
    reply.body.overlay = new FileReaderSync().readAsDataURL(png).split(',')[1];
  }
  return reply;
}
