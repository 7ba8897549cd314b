// The solve page in headless Chromium: a pasted SFEN solved, its main
// line, verdict and downloads; a USI line; an input error; no mate.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, test } from 'node:test';
import {
  buildTsume, decodePNG, fileScope, generate, inkStats, launch, newPage, screenshotDir, startServer, tempDir,
} from '../lib.js';

const file = fileScope();
let base, context, three;

before(async () => {
  const dir = await tempDir(file);
  const bin = await buildTsume(dir);
  [three] = await generate(bin, '--length', '3', '--n', '1', '--seed', '2');
  base = await startServer(file, bin, dir, [three]);
  context = await launch(file, dir);
});

// solve opens the solve page, pastes input, presses Solve and waits for
// the answer; it returns the page and #solve-status's data-state.
async function solve(t, input, handRule) {
  const page = await newPage(context);
  t.after(() => page.close());
  await page.goto(base + '/solve');
  assert.equal(await page.getAttribute('body', 'data-page'), 'solve');
  assert.ok(await page.isHidden('#result'));
  // The textarea's label reads as one sentence: its <code> on the line of
  // the words before it.
  const [label, code] = await page.$eval('label[for="input"]', (l) =>
    [l.getBoundingClientRect().top, l.querySelector('code').getBoundingClientRect().top]);
  assert.ok(Math.abs(code - label) < 8, `the label's code is ${code - label} px below its start`);
  await page.fill('#input', input);
  if (handRule) await page.selectOption('#hand-rule', handRule);
  await page.click('#solve-button');
  await page.waitForSelector('#solve-status[data-state="done"], #solve-status[data-state="error"]', { state: 'attached' });
  return { page, state: await page.getAttribute('#solve-status', 'data-state') };
}

// download clicks the download link selector and returns the file's
// suggested name and its text.
async function download(page, selector) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const path = await d.path();
  return { name: d.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('a pasted SFEN: the solution, the verdict, the downloads', async (t) => {
  const { page, state } = await solve(t, three.sfen);
  assert.equal(state, 'done');
  assert.ok(await page.isVisible('#result'));
  assert.equal(await page.getAttribute('#result-summary', 'data-status'), 'mate');
  assert.equal(await page.textContent('#result-summary'), 'Mate in 3 plies.');
  assert.equal(await page.textContent('#result-usi'), three.solution);
  assert.deepEqual(await page.locator('#result-line li').allTextContents(), three.solution_ja.split(' '));
  assert.equal(await page.getAttribute('#result-verdict', 'data-overall'), 'sound');
  assert.match(await page.textContent('#result-verdict'), /^sound/);
  // The board is drawn, and not blank.
  assert.equal(await page.locator('#result-board svg').count(), 1);
  const ink = inkStats(decodePNG(await page.locator('#result-board svg').screenshot()));
  assert.ok(ink.dark > ink.total * 0.01, `the board is blank: ${ink.dark} dark pixels of ${ink.total}`);
  // The downloads hold the KIF record and the picture.
  const { name: kifName, text: kif } = await download(page, '#download-kif');
  assert.equal(kifName, 'tsume.kif');
  assert.match(kif, /まで3手で詰み/);
  for (const m of three.solution_ja.split(' ')) assert.ok(kif.includes(m.slice(1, 3)), `the KIF lacks ${m}`);
  const { name: svgName, text: svg } = await download(page, '#download-svg');
  assert.equal(svgName, 'tsume.svg');
  assert.match(svg, /^<\?xml[^>]*>\s*<svg /);
  if (screenshotDir) await page.screenshot({ path: join(screenshotDir, 'web-solve.png'), fullPage: true });
  page.check();
});

test('a USI position line with moves', async (t) => {
  // The example of docs/web.md, reached by two moves from another position.
  const { page, state } = await solve(t, 'position sfen 9/n8/k8/n2G5/9/9/2+R6/9/9 b R 1');
  assert.equal(state, 'done');
  assert.equal(await page.textContent('#result-usi'), 'R*8c 9c8c 7g7c');
  assert.deepEqual(await page.locator('#result-line li').allTextContents(), ['▲８三飛打', '△同　玉', '▲７三竜']);
  assert.equal(await page.getAttribute('#result-summary', 'data-status'), 'mate');
  page.check();
});

test('no mate', async (t) => {
  // A lone king with nothing to attack it.
  const { page, state } = await solve(t, '4k4/9/9/9/9/9/9/9/9 b - 1', 'as-given');
  assert.equal(state, 'done');
  assert.equal(await page.getAttribute('#result-summary', 'data-status'), 'nomate');
  assert.equal(await page.locator('#result-line li').count(), 0);
  page.check();
});

test('an input error is shown, not a result', async (t) => {
  const page = await newPage(context);
  t.after(() => page.close());
  await page.goto(base + '/solve');
  await page.fill('#input', 'this is no position');
  await page.click('#solve-button');
  await page.waitForSelector('#solve-status[data-state="error"]');
  assert.ok((await page.textContent('#solve-status')).length > 0);
  assert.ok(await page.isHidden('#result'));
  assert.ok(await page.isEnabled('#solve-button'));
  // The one error is the API's 422 for the input.
  assert.throws(() => page.check(), /HTTP 422: POST .*\/api\/v1\/solve/);
});
