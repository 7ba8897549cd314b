// The practice page in headless Chromium: mate-in-1 problems solved by
// clicking (a board move, a drop, a promotion choice), a wrong check
// refuted on the board and taken back, a mate-in-3 played against the
// server's replies.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, test } from 'node:test';
import {
  boardFit, buildTsume, decodePNG, fileScope, generate, inkStats, launch, movesShown, newPage, phone, play, screenshotDir,
  startServer, tempDir,
} from '../lib.js';

let bin, dir, context;
// The problems the tests play, chosen in before() from generated ones.
const chosen = {};

// api calls the JSON API of the server at base.
async function api(base, method, path, body) {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${data.error}`);
  return data;
}

const file = fileScope();

before(async () => {
  const t = file;
  dir = await tempDir(t);
  bin = await buildTsume(dir);
  const ones = await generate(bin, '--length', '1', '--n', '60', '--seed', '1');
  const threes = await generate(bin, '--length', '3', '--n', '10', '--seed', '1');
  // A scout server over all the mate-in-1 problems tells, through the API,
  // which one has a promotion choice and which a refutable wrong check.
  const base = await startServer(t, bin, dir, ones);
  for (let i = 0; i < ones.length; i++) {
    const p = ones[i], id = i + 1, m = p.solution;
    const { state } = await api(base, 'GET', `/api/v1/problems/${id}`);
    const drop = m[1] === '*';
    if (drop) chosen.drop ??= p;
    if (!drop && !m.endsWith('+') && !state.legal_moves.includes(m + '+')) chosen.board ??= p;
    if (!drop && state.legal_moves.includes(m.slice(0, 4)) && state.legal_moves.includes(m.slice(0, 4) + '+')) {
      chosen.promotion ??= p;
    }
    if (!chosen.wrong) {
      for (const w of state.legal_moves) {
        if (w === m) continue;
        const a = await api(base, 'POST', `/api/v1/problems/${id}/move`, { moves: [], move: w });
        if (a.result === 'wrong' && a.reply) {
          chosen.wrong = { problem: p, move: w, answer: a };
          break;
        }
      }
    }
  }
  for (const k of ['board', 'drop', 'promotion', 'wrong']) {
    assert.ok(chosen[k], `no generated mate-in-1 problem for the ${k} test`);
  }
  chosen.three = threes[0];
  context = await launch(t, dir);
});

// open starts a server over the problem p alone, opens the practice page
// (in a viewport of that size, when given) and starts p (of length plies).
async function open(t, p, plies, viewport) {
  const base = await startServer(t, bin, dir, [p]);
  const page = await newPage(context);
  t.after(() => page.close());
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(base + '/');
  assert.equal(await page.getAttribute('body', 'data-page'), 'practice');
  await page.selectOption('#length', String(plies));
  await page.click('#start');
  await page.waitForSelector('#problem-info[data-problem="1"]');
  await page.waitForSelector('#board [data-square="5e"]');
  assert.equal(await page.textContent('#status'), `Black to play and mate in ${plies}.`);
  return page;
}

// markedAt tells whether the board marks square as the last move's
// destination: the render's mark rectangle lies under its click square.
function markedAt(page, square) {
  return page.evaluate((sq) => {
    const cell = document.querySelector(`#board [data-square="${sq}"]`);
    const x = cell.getAttribute('x'), y = cell.getAttribute('y');
    return [...document.querySelectorAll('#board rect.mark')].some((r) =>
      Math.abs(r.getAttribute('x') - x) < 0.5 && Math.abs(r.getAttribute('y') - y) < 0.5 &&
      r.getAttribute('fill-opacity') === '0.65');
  }, square);
}

// solveOne plays the mate-in-1 problem p's solution and checks the page
// says solved.
async function solveOne(t, p) {
  const page = await open(t, p, 1);
  assert.equal(await play(page, p.solution), 'solved');
  assert.match(await page.textContent('#status'), /mate/i);
  assert.deepEqual(await page.locator('#movelist li').allTextContents(), [p.solution_ja]);
  assert.ok(await markedAt(page, p.solution.slice(2, 4)), 'the mating move is not marked on the board');
  assert.ok(await page.isDisabled('#hint'), 'hint enabled after the mate');
  // The solved attempt was recorded: the rating shown moved on.
  await page.waitForFunction(() => document.getElementById('problem-info').textContent.includes('your rating'));
  page.check();
}

test('mate-in-1 by a board move', (t) => solveOne(t, chosen.board));

test('mate-in-1 by a drop from the hand', (t) => solveOne(t, chosen.drop));

test('mate-in-1 with a promotion choice', (t) => solveOne(t, chosen.promotion));

test('a wrong check: the refutation is played, then taken back', async (t) => {
  const { problem: p, move, answer } = chosen.wrong;
  const page = await open(t, p, 1);
  assert.equal(await play(page, move), 'wrong');
  const reason = await page.getAttribute('#status', 'data-reason');
  assert.ok(['escape', 'capture', 'interposition'].includes(reason), `reason ${reason}`);
  assert.equal(reason, answer.reason);
  const status = await page.textContent('#status');
  assert.ok(status.includes(answer.reply_ja), `the status ${JSON.stringify(status)} does not name the refutation ${answer.reply_ja}`);
  // The move and the refutation are on the board and in the move list.
  assert.deepEqual(await page.locator('#movelist li').allTextContents(), [answer.move_ja, answer.reply_ja]);
  assert.ok(await markedAt(page, answer.reply.slice(2, 4)), 'the refutation is not marked on the board');
  // docs/web-practice.png: a wrong check and its refutation.
  if (screenshotDir) await page.screenshot({ path: join(screenshotDir, 'web-practice.png') });
  // The board is locked until the move is taken back.
  assert.ok(await page.isDisabled('#hint'));
  await page.click(`#board [data-square="${p.solution.slice(2, 4)}"]`);
  assert.equal(await page.locator('#board .selected, #hand [aria-pressed="true"]').count(), 0);
  await page.click('#takeback');
  assert.equal(await page.getAttribute('#status', 'data-result'), '');
  assert.equal(await page.getAttribute('#status', 'data-reason'), '');
  assert.equal(await movesShown(page), 0);
  assert.ok(await page.isDisabled('#takeback'));
  assert.equal(await page.locator('#board rect.mark').count(), 0, 'the problem diagram has a marked move');
  // Then the right move still mates.
  assert.equal(await play(page, p.solution), 'solved');
  page.check();
});

test('mate-in-3 against the server\'s replies', async (t) => {
  const p = chosen.three;
  const line = p.solution.split(' ');
  assert.equal(line.length, 3);
  const page = await open(t, p, 3);
  assert.equal(await play(page, line[0]), 'correct');
  // The server answered with the defender's reply: on the board, in the
  // list and in the status.
  const shown = await page.locator('#movelist li').allTextContents();
  assert.equal(shown.length, 2);
  const reply = p.solution_ja.split(' ')[1];
  assert.equal(shown[1], reply);
  assert.ok((await page.textContent('#status')).includes(reply));
  assert.ok(await markedAt(page, line[1].slice(2, 4)), 'the reply is not marked on the board');
  assert.ok(!(await page.isDisabled('#hint')), 'hint disabled with the attacker to move');
  // A hint marks the piece of the next move.
  await page.click('#hint');
  await page.waitForSelector('#status[data-result="hint"]');
  const hinted = line[2][1] === '*' ? `#hand [data-hand="${line[2][0]}"].hinted` : `#board [data-square="${line[2].slice(0, 2)}"].hinted`;
  assert.equal(await page.locator(hinted).count(), 1, 'the hint marks no piece');
  // Chosen, the hinted piece shows the selection's colour, not the hint's.
  const piece = line[2][1] === '*' ? `#hand button[data-hand="${line[2][0]}"]` : `#board [data-square="${line[2].slice(0, 2)}"]`;
  await page.click(piece);
  const look = await page.$eval(piece, (e) => e.tagName === 'BUTTON'
    ? getComputedStyle(e).backgroundColor : getComputedStyle(e).fill);
  assert.equal(look, line[2][1] === '*' ? 'rgb(240, 184, 176)' : 'rgba(200, 40, 30, 0.28)', 'the chosen piece does not look chosen');
  await page.click(piece);
  const png = decodePNG(await page.locator('#board svg').screenshot());
  const ink = inkStats(png);
  assert.ok(ink.dark > ink.total * 0.01, `the board is blank: ${ink.dark} dark pixels of ${ink.total}`);
  assert.equal(await play(page, line[2]), 'solved');
  assert.equal(await movesShown(page), 3);
  page.check();
});

test('reveal shows the solution; a streak ends at a wrong move', async (t) => {
  const { problem: p, move } = chosen.wrong;
  const page = await open(t, p, 1);
  assert.ok(await page.isHidden('#solution'));
  await page.click('#reveal');
  await page.waitForSelector('#solution:not([hidden])');
  const shown = await page.textContent('#solution');
  assert.ok(shown.includes(p.solution_ja) && shown.includes(p.solution), shown);
  assert.ok(await page.isDisabled('#reveal'));
  // Next loads a problem afresh (the store's only one).
  await page.click('#next');
  await page.waitForSelector('#solution[hidden]', { state: 'attached' });
  assert.equal(await page.textContent('#status'), 'Black to play and mate in 1.');
  // Streak mode: a solve counts, a wrong move ends the run.
  await page.selectOption('#mode', 'streak');
  await page.click('#start');
  await page.waitForSelector('#status[data-result=""]', { state: 'attached' });
  assert.equal(await play(page, p.solution), 'solved');
  await page.waitForSelector('#score[data-score="1"]', { state: 'attached' });
  // The next problem comes by itself.
  await page.waitForFunction(() => document.getElementById('status').getAttribute('data-result') === '' &&
    document.querySelectorAll('#movelist li').length === 0);
  await play(page, move);
  assert.equal(await page.getAttribute('#status', 'data-result'), 'over');
  assert.match(await page.textContent('#status'), /Streak over: 1 solved/);
  assert.ok(await page.isDisabled('#takeback'));
  assert.ok(await page.isDisabled('#next'));
  page.check();
});

test('on a phone (390×844) the board takes the width, and a move is made by clicking', async (t) => {
  const p = chosen.drop;
  const page = await open(t, p, 1, phone);
  const fit = await boardFit(page, '#board');
  // The picture in the portrait layout (the hands above and below the
  // board) as wide as the screen less its margins; the 9×9 board 87% of
  // it, where the landscape picture gave it 260 of 390 pixels.
  assert.equal(fit.viewBox, 414);
  assert.ok(fit.picture >= 0.9 * fit.viewport, `the picture is ${fit.picture} px wide of ${fit.viewport}`);
  assert.ok(fit.board >= 0.8 * fit.viewport, `the board is ${fit.board} px wide of ${fit.viewport}`);
  assert.ok(fit.scroll <= fit.viewport, `the page is ${fit.scroll} px wide, more than the screen's ${fit.viewport}`);
  if (screenshotDir) await page.screenshot({ path: join(screenshotDir, 'web-phone-practice.png'), fullPage: true });
  // The click squares lie on the portrait board's squares: the drop mates.
  assert.equal(await play(page, p.solution), 'solved');
  assert.ok(await markedAt(page, p.solution.slice(2, 4)), 'the mating move is not marked on the board');
  assert.equal((await boardFit(page, '#board')).viewBox, 414, 'the answer\'s board is not in the portrait layout');
  page.check();
});

test('on a desktop the board keeps the landscape layout beside the status', async (t) => {
  const page = await open(t, chosen.board, 1);
  const fit = await boardFit(page, '#board');
  assert.equal(fit.viewBox, 502);
  assert.ok(fit.scroll <= fit.viewport);
  const board = await page.locator('#board svg').boundingBox();
  const status = await page.locator('#status').boundingBox();
  assert.ok(status.x >= board.x + board.width, 'the status is not beside the board');
  page.check();
});
