// The helpers of tsume serve's browser tests: build the command, make
// problems, start the server, launch Chromium, read screenshots.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { after } from 'node:test';
import { chromium } from 'playwright-core';

const run = promisify(execFile);

// servers are the tsume serve processes running, killed when this process
// exits, should it end before their tests' after hooks have stopped them.
const servers = new Set();
process.on('exit', () => {
  for (const child of servers) child.kill('SIGKILL');
});

/** The repository's root directory. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The browser: Debian's chromium unless CHROMIUM names another. */
export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

/**
 * The directory to write the pages' screenshots for docs/web.md into, or
 * empty: `E2E_SCREENSHOTS=docs npm test` rewrites them.
 */
export const screenshotDir = process.env.E2E_SCREENSHOTS
  ? join(root, process.env.E2E_SCREENSHOTS) : '';

/**
 * fileScope returns a scope for what the tests of one file share: its
 * after(fn) runs fn, last registered first, after all the file's tests
 * (node:test's after hook). The helpers below take a scope or a test
 * context, whose after(fn) runs fn at the test's end.
 */
export function fileScope() {
  const fns = [];
  after(async () => {
    const errs = [];
    for (const fn of fns.reverse()) {
      try { await fn(); } catch (err) { errs.push(err); }
    }
    if (errs.length > 0) throw errs[0];
  });
  return { after: (fn) => fns.push(fn) };
}

/**
 * tempDir makes a temporary directory, removed after the tests of the
 * tests of t (a test context or a fileScope).
 */
export async function tempDir(t) {
  const dir = await mkdtemp(join(tmpdir(), 'tsume-e2e-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * buildTsume builds ./cmd/tsume into dir and returns the binary's path;
 * TSUME_BIN, when set, names a binary to use instead.
 */
export async function buildTsume(dir) {
  if (process.env.TSUME_BIN) return process.env.TSUME_BIN;
  const bin = join(dir, 'tsume');
  await run('go', ['build', '-o', bin, './cmd/tsume'], { cwd: root });
  return bin;
}

/**
 * generate runs `tsume generate --format jsonl` with the flags given and
 * returns the problems, parsed; each has sfen and solution (USI moves
 * separated by spaces).
 */
export async function generate(bin, ...flags) {
  const { stdout } = await run(bin, ['generate', '--format', 'jsonl', ...flags],
    { maxBuffer: 64 << 20 });
  return stdout.trim().split('\n').map((line) => JSON.parse(line));
}

/**
 * startServer starts `tsume serve` over the problems given (objects as
 * generate returns them, served in that order: ids 1, 2, …) on a free
 * loopback port, waits until it answers, and stops it after the tests of
 * t. It returns the server's base URL, "http://127.0.0.1:PORT".
 *
 * The problems reach the server through a problem bank: written as a
 * JSONL file, imported with `tsume bank import` into a new bank file, which
 * `tsume serve --bank` serves (and where it records the attempts).
 */
export async function startServer(t, bin, dir, problems) {
  const stem = join(dir, `problems-${process.hrtime.bigint()}`);
  const file = stem + '.jsonl';
  const db = stem + '.db';
  await writeFile(file, problems.map((p) => JSON.stringify(p)).join('\n') + '\n');
  await run(bin, ['bank', 'import', '--bank', db, file]);
  const child = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--bank', db],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  servers.add(child);
  let log = '';
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => {
    servers.delete(child);
    resolve({ code, signal });
  }));
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const { code, signal } = await exited;
    // SIGTERM shuts the server down cleanly: exit status 0 (docs/web.md).
    if (code !== 0) throw new Error(`tsume serve ended with ${signal ?? 'exit status ' + code}:\n${log}`);
  });
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('tsume serve did not start in 20 s:\n' + log)), 20000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s) => {
      log += s;
      const m = /listening on (http:\/\/[0-9.]+:[0-9]+)\//.exec(log);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    exited.then(({ code }) => { clearTimeout(timer); reject(new Error(`tsume serve exited ${code}:\n${log}`)); });
  });
  // Listening is not answering: wait for the practice page.
  for (let i = 0; ; i++) {
    try {
      const res = await fetch(base + '/');
      if (res.ok) break;
    } catch (err) {
      if (i >= 100) throw err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return base;
}

/** The Chromium flags of the tests (issue 18). */
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run',
];

/**
 * launch starts headless Chromium with a fresh profile in dir, closed after
 * the tests of t, and returns its browser context: 1000×760 CSS pixels at
 * scale 1.
 */
export async function launch(t, dir) {
  const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    viewport: { width: 1000, height: 760 },
    deviceScaleFactor: 1,
    timeout: 30000,
  });
  context.setDefaultTimeout(15000);
  t.after(() => context.close());
  return context;
}

/**
 * watch records page's script errors, console errors, failed requests and
 * answers of status 400 and above; page.check(), called at the end of a
 * test, throws when there were any. It returns page.
 */
export function watch(page) {
  const errors = [];
  page.on('pageerror', (err) => errors.push('script error: ' + err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push('console error: ' + msg.text());
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => errors.push(`request failed: ${req.method()} ${req.url()}: ${req.failure()?.errorText}`));
  page.check = () => {
    if (errors.length > 0) throw new Error(errors.join('\n'));
  };
  return page;
}

/** newPage opens a page in context, watched (see watch). */
export async function newPage(context) {
  return watch(await context.newPage());
}

/**
 * decodePNG decodes an 8-bit RGB or RGBA, non-interlaced PNG (what
 * Chromium's screenshots are) into { width, height, channels, pixels }.
 */
export function decodePNG(buf) {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!sig.every((b, i) => buf[i] === b)) throw new Error('not a PNG');
  let pos = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    pos += 12 + len;
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8], color = data[9], interlace = data[12];
      channels = { 2: 3, 6: 4 }[color];
      if (depth !== 8 || !channels || interlace !== 0) {
        throw new Error(`PNG depth ${depth} colour type ${color} interlace ${interlace}: not supported`);
      }
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  if (raw.length !== height * (stride + 1)) throw new Error('PNG data of the wrong size');
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? pixels.subarray((y - 1) * stride, y * stride) : null;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[x - channels] : 0;
      const b = prev ? prev[x] : 0;
      const c = prev && x >= channels ? prev[x - channels] : 0;
      let v = line[x];
      switch (filter) {
        case 0: break;
        case 1: v += a; break;
        case 2: v += b; break;
        case 3: v += (a + b) >> 1; break;
        case 4: {
          const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
          v += pa <= pb && pa <= pc ? a : (pb <= pc ? b : c);
          break;
        }
        default: throw new Error('PNG filter ' + filter);
      }
      out[x] = v & 0xff;
    }
  }
  return { width, height, channels, pixels };
}

/**
 * inkStats counts the pixels of a decoded PNG: all, those not white
 * (any channel below 240) and those dark (every channel below 100: lines,
 * pieces, text).
 */
export function inkStats(img) {
  let nonWhite = 0, dark = 0;
  const { pixels, channels } = img;
  for (let i = 0; i < pixels.length; i += channels) {
    const r = pixels[i], g = pixels[i + 1], b = pixels[i + 2];
    if (r < 240 || g < 240 || b < 240) nonWhite++;
    if (r < 100 && g < 100 && b < 100) dark++;
  }
  return { total: img.width * img.height, nonWhite, dark };
}

/** A phone held upright: the viewport of the phone tests, CSS pixels. */
export const phone = { width: 390, height: 844 };

/**
 * boardFit measures how the board picture in the element selector fits
 * page's viewport: the viewport's width (`viewport`), the document's
 * (`scroll`, wider when something overflows), the picture's (`picture`),
 * its 9×9 board's (`board`, from the render's rect.board), all in CSS
 * pixels, and the width of the picture's viewBox (`viewBox`: 414 in the
 * portrait layout, 502 in the landscape one).
 */
export function boardFit(page, selector) {
  return page.$eval(selector, (el) => {
    const svg = el.querySelector('svg');
    return {
      viewport: window.innerWidth,
      scroll: document.documentElement.scrollWidth,
      picture: svg.getBoundingClientRect().width,
      board: svg.querySelector('rect.board').getBoundingClientRect().width,
      viewBox: svg.viewBox.baseVal.width,
    };
  });
}

// movesShown is the number of moves in the move list.
export const movesShown = (page) => page.locator('#movelist li').count();

// play makes the move usi by clicking (the piece or the hand's button,
// then the destination, then the promotion dialog's choice if it opens)
// and waits for the server's answer; it returns #status's data-result. A
// drop names the hand's piece by its token before the '*': 'G*5b',
// '(GH)*9c'.
export async function play(page, usi) {
  const n = await movesShown(page);
  const drop = usi.includes('*') ? usi.slice(0, usi.indexOf('*')) : '';
  const to = drop ? usi.slice(drop.length + 1) : usi.slice(2, 4);
  if (drop) {
    await page.click(`#hand button[data-hand="${drop}"]`);
    assert.equal(await page.getAttribute(`#hand button[data-hand="${drop}"]`, 'aria-pressed'), 'true');
  } else {
    await page.click(`#board [data-square="${usi.slice(0, 2)}"]`);
    assert.ok(await page.locator(`#board [data-square="${usi.slice(0, 2)}"].selected`).count() === 1,
      `${usi}: the piece is not marked selected`);
  }
  assert.equal(await page.locator(`#board [data-square="${to}"].target`).count(), 1,
    `${usi}: the destination is not marked as a target`);
  await page.click(`#board [data-square="${to}"]`);
  // Either the promotion dialog opens or the move is answered.
  await page.waitForFunction((n) => document.getElementById('promotion').open ||
    document.querySelectorAll('#movelist li').length > n ||
    document.getElementById('status').getAttribute('data-result') === 'error', n);
  if (await page.evaluate(() => document.getElementById('promotion').open)) {
    await page.click(usi.endsWith('+') ? '#promote' : '#no-promote');
    await page.waitForFunction((n) => document.querySelectorAll('#movelist li').length > n ||
      document.getElementById('status').getAttribute('data-result') === 'error', n);
  }
  const result = await page.getAttribute('#status', 'data-result');
  assert.notEqual(result, 'error', `${usi}: ${await page.textContent('#status')}`);
  return result;
}
