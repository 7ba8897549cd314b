// The solve page in headless Chromium: a pasted SFEN solved, its main
// line, verdict and downloads; a USI line; an input error; no mate; the
// board stepping through the main line and showing a finding's move; the
// findings under their class; the page on a phone.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { promisify } from 'node:util';
import {
  boardFit, buildTsume, decodePNG, fileScope, generate, inkStats, launch, newPage, phone, screenshotDir, startServer,
  tempDir,
} from '../lib.js';

const file = fileScope();
let base, bin, context, three;

before(async () => {
  const dir = await tempDir(file);
  bin = await buildTsume(dir);
  [three] = await generate(bin, '--length', '3', '--n', '1', '--seed', '2');
  base = await startServer(file, bin, dir, [three]);
  context = await launch(file, dir);
});

// solve opens the solve page (in a viewport of that size, when given),
// pastes input, presses Solve and waits for the answer; it returns the
// page, #solve-status's data-state and the API's answer.
async function solve(t, input, handRule, viewport) {
  const page = await newPage(context);
  t.after(() => page.close());
  if (viewport) await page.setViewportSize(viewport);
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
  const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/v1/solve')), page.click('#solve-button')]);
  await page.waitForSelector('#solve-status[data-state="done"], #solve-status[data-state="error"]', { state: 'attached' });
  return { page, state: await page.getAttribute('#solve-status', 'data-state'), answer: await res.json() };
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

// The README's mate-in-3: ▲３三角打 △１二玉 ▲２二角成, with six 非限定 (the
// bishop dropped on another square of the diagonal) at ply 1 and a
// 最終手余詰 (▲２二飛成) at ply 3.
const readme = '8k/9/9/7Rs/9/9/9/9/9 b B 1';

// positionAfter returns the SFEN of sfen after the USI moves, as tsume
// render computes it (not the server).
async function positionAfter(sfen, moves) {
  const { stdout } = await promisify(execFile)(bin, ['render', '--sfen', sfen, '--moves', moves.join(' '), '--format', 'sfen']);
  return stdout.trim();
}

// shown returns what the board shows: its data-ply and data-alt, the SFEN
// of its picture and the number of marked squares (the last move's: 1
// for a drop, 2 for a board move).
async function shown(page) {
  return page.$eval('#result-board', (el) => ({
    ply: el.getAttribute('data-ply'),
    alt: el.getAttribute('data-alt'),
    sfen: el.querySelector('svg desc').textContent.replace(/^SFEN /, ''),
    marks: el.querySelectorAll('svg rect.mark').length,
  }));
}

// currentPly returns the plies of the main line's moves marked current.
function currentPly(page) {
  return page.$$eval('#result-line li', (lis) => lis.flatMap((li, i) =>
    li.classList.contains('current') && li.getAttribute('aria-current') === 'step' ? [i + 1] : []));
}

test('the board steps through the main line: buttons, keys and the move list', async (t) => {
  const { page, state, answer } = await solve(t, readme);
  assert.equal(state, 'done');
  const pv = answer.solution.pv;
  assert.deepEqual(pv, ['B*3c', '1a1b', '3c2b+']);
  const start = answer.sfen;
  const at = async (ply) => {
    await page.waitForSelector(`#result-board[data-ply="${ply}"][data-alt=""]`);
    const b = await shown(page);
    assert.equal(b.sfen, ply === 0 ? start : await positionAfter(start, pv.slice(0, ply)), `the board at ply ${ply}`);
    assert.equal(b.marks, ply === 0 ? 0 : (pv[ply - 1][1] === '*' ? 1 : 2), `the marked move at ply ${ply}`);
    assert.deepEqual(await currentPly(page), ply === 0 ? [] : [ply]);
    assert.equal(await page.isDisabled('#step-start'), ply === 0);
    assert.equal(await page.isDisabled('#step-back'), ply === 0);
    assert.equal(await page.isDisabled('#step-forward'), ply === pv.length);
    assert.equal(await page.isDisabled('#step-end'), ply === pv.length);
    const caption = await page.textContent('#board-caption');
    if (ply > 0) assert.ok(caption.includes(answer.solution.pv_ja[ply - 1]), `caption ${caption} at ply ${ply}`);
  };
  await at(0);
  await page.click('#step-forward');
  await at(1);
  await page.click('#step-forward');
  await at(2);
  await page.click('#step-back');
  await at(1);
  await page.click('#step-end');
  await at(3);
  assert.match(await page.textContent('#board-caption'), /mate/);
  await page.click('#step-start');
  await at(0);
  // The keys: → and ← a ply, End and Home.
  await page.keyboard.press('ArrowRight');
  await at(1);
  await page.keyboard.press('End');
  await at(3);
  await page.keyboard.press('ArrowLeft');
  await at(2);
  await page.keyboard.press('Home');
  await at(0);
  // A move of the list shows its position.
  await page.click('#result-line li:nth-child(2) button');
  await at(2);
  // Typing in the input moves nothing.
  await page.focus('#input');
  await page.keyboard.press('ArrowRight');
  await at(2);
  page.check();
});

test('the findings under their class, each class once; a click shows the move on the board', async (t) => {
  const { page, answer } = await solve(t, readme);
  const findings = answer.solution.verdict.findings;
  const pv = answer.solution.pv;
  // One heading per class, in the order of the classes' first findings,
  // each finding under its class.
  const classes = [...new Set(findings.map((f) => f.class))];
  assert.deepEqual(classes, ['非限定', '最終手余詰']);
  assert.deepEqual(await page.$$eval('#result-findings .finding-class', (ss) => ss.map((s) => s.getAttribute('data-class'))), classes);
  const headings = await page.locator('#result-findings h3').allTextContents();
  assert.equal(headings.length, 2);
  for (const [i, cls] of classes.entries()) {
    assert.ok(headings[i].startsWith(cls), `heading ${headings[i]}`);
    const items = page.locator(`#result-findings .finding-class[data-class="${cls}"] li`);
    const want = findings.filter((f) => f.class === cls);
    assert.equal(await items.count(), want.length);
    assert.deepEqual(await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-move'))), want.map((f) => f.move));
  }
  // Each class is written once in all the findings: in its heading.
  const text = await page.textContent('#result-findings');
  for (const cls of classes) {
    assert.equal(text.split(cls).length - 1, 1, `${cls} written ${text.split(cls).length - 1} times:\n${text}`);
  }
  // Each finding says what it is: its detail.
  for (const [i, d] of answer.details.entries()) {
    assert.ok((await page.textContent(`#result-findings li[data-finding="${i}"]`)).includes(d), `finding ${i} lacks ${d}`);
  }
  // The 最終手余詰: the position after the main line's first two moves and
  // the other mating move, the move marked.
  const start = answer.sfen;
  await page.click('#result-findings li[data-move="2d2b+"] button');
  await page.waitForSelector('#result-board[data-alt="2d2b+"]');
  let b = await shown(page);
  assert.equal(b.ply, '3');
  assert.equal(b.sfen, await positionAfter(start, [pv[0], pv[1], '2d2b+']));
  assert.equal(b.marks, 2);
  assert.deepEqual(await currentPly(page), []);
  assert.equal(await page.locator('#result-findings li.current').getAttribute('data-move'), '2d2b+');
  const caption = await page.textContent('#board-caption');
  assert.ok(caption.includes('最終手余詰') && caption.includes(findings[6].move_ja), caption);
  if (screenshotDir) await page.screenshot({ path: join(screenshotDir, 'web-solve-finding.png'), fullPage: true });
  // A 非限定 at ply 1: the problem after the other drop.
  await page.click('#result-findings li[data-move="B*4d"] button');
  await page.waitForSelector('#result-board[data-alt="B*4d"]');
  b = await shown(page);
  assert.equal(b.ply, '1');
  assert.equal(b.sfen, await positionAfter(start, ['B*4d']));
  assert.equal(b.marks, 1);
  // Forward from it: the main line's move instead.
  await page.click('#step-forward');
  await page.waitForSelector('#result-board[data-ply="1"][data-alt=""]');
  assert.equal((await shown(page)).sfen, await positionAfter(start, pv.slice(0, 1)));
  assert.deepEqual(await currentPly(page), [1]);
  assert.equal(await page.locator('#result-findings li.current').count(), 0);
  page.check();
});

test('a finding with no move (駒余り) shows the main line\'s end', async (t) => {
  // ▲５二金打 mates with a silver left in hand (the hands as given).
  const { page, answer } = await solve(t, '4k4/9/4P4/9/9/9/9/9/9 b GS 1', 'as-given');
  assert.deepEqual(answer.solution.pv, ['G*5b']);
  const items = page.locator('#result-findings .finding-class[data-class="駒余り"] li');
  assert.equal(await items.count(), 1);
  assert.equal(await items.getAttribute('data-move'), '');
  assert.match(await items.textContent(), /ply 1, at the end/);
  await items.locator('button').click();
  await page.waitForSelector('#result-board[data-ply="1"]');
  const b = await shown(page);
  assert.equal(b.alt, '');
  assert.equal(b.sfen, await positionAfter(answer.sfen, ['G*5b']));
  assert.equal(await page.locator('#result-findings li.current').count(), 1);
  assert.match(await page.textContent('#board-caption'), /駒余り.*S at the end/);
  assert.ok(await page.isDisabled('#step-forward'));
  await page.click('#step-back');
  await page.waitForSelector('#result-board[data-ply="0"]');
  assert.equal(await page.locator('#result-findings li.current').count(), 0);
  page.check();
});

test('on a phone (390×844) the board takes the width as it steps', async (t) => {
  const { page, answer } = await solve(t, readme, '', phone);
  let fit = await boardFit(page, '#result-board');
  assert.equal(fit.viewBox, 414, 'the board is not in the portrait layout');
  assert.ok(fit.picture >= 0.9 * fit.viewport, `the picture is ${fit.picture} px wide of ${fit.viewport}`);
  assert.ok(fit.board >= 0.8 * fit.viewport, `the board is ${fit.board} px wide of ${fit.viewport}`);
  assert.ok(fit.scroll <= fit.viewport, `the page is ${fit.scroll} px wide, more than the screen's ${fit.viewport}`);
  await page.click('#step-forward');
  await page.waitForSelector('#result-board[data-ply="1"]');
  fit = await boardFit(page, '#result-board');
  assert.equal(fit.viewBox, 414);
  assert.ok(fit.scroll <= fit.viewport);
  assert.equal((await shown(page)).sfen, await positionAfter(answer.sfen, answer.solution.pv.slice(0, 1)));
  // The download stays the diagram's landscape picture.
  const { text: svg } = await download(page, '#download-svg');
  assert.match(svg, /<svg [^>]*viewBox="0 0 502 /);
  if (screenshotDir) await page.screenshot({ path: join(screenshotDir, 'web-phone-solve.png'), fullPage: true });
  page.check();
});
