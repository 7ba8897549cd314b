// The "Your games" page in headless Chromium: a pasted record mined, its
// findings listed, the board stepped to a missed mate and showing its
// position and the mate; a file of several games, one picked; a mined
// problem opened on the solve page; a bad record's error shown.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { buildTsume, fileScope, generate, launch, newPage, root, screenshotDir, startServer, tempDir } from '../lib.js';

const file = fileScope();
let base, context, missed, illegal, selfplay;

before(async () => {
  const dir = await tempDir(file);
  const bin = await buildTsume(dir);
  base = await startServer(file, bin, dir, await generate(bin, '--length', '1', '--n', '1', '--seed', '1'));
  context = await launch(file, dir);
  const games = join(root, 'web', 'testdata', 'games');
  [missed, illegal, selfplay] = await Promise.all(['missed.kif', 'illegal.kif', 'selfplay-3.kif'].map((f) => readFile(join(games, f), 'utf8')));
});

// mine opens the games page, pastes input, presses the button and waits
// for the answer (a game is searched for up to a few seconds); it returns
// the page, #games-status's data-state and the API's answer.
async function mine(t, input) {
  const page = await newPage(context);
  t.after(() => page.close());
  await page.goto(base + '/games');
  assert.equal(await page.getAttribute('body', 'data-page'), 'games');
  assert.equal(await page.getAttribute('#nav-games', 'aria-current'), 'page');
  assert.ok(await page.isHidden('#games-result'));
  await page.fill('#games-input', input);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/v1/games'), { timeout: 60000 }),
    page.click('#games-button'),
  ]);
  await page.waitForSelector('#games-status[data-state="done"], #games-status[data-state="error"]', { state: 'attached', timeout: 60000 });
  return { page, state: await page.getAttribute('#games-status', 'data-state'), answer: await res.json() };
}

test('a pasted record: its findings, the board stepped to the missed mate', async (t) => {
  const { page, state, answer } = await mine(t, missed);
  assert.equal(state, 'done');
  assert.ok(await page.isVisible('#games-result'));
  // The findings: the missed mate of move 1 and the mate played at move 3.
  const items = page.locator('#games-findings li');
  assert.deepEqual(await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-kind'))), ['missed', 'played']);
  const text = await items.first().textContent();
  assert.match(text, /^move 1 ▲: 詰み逃し/);
  assert.ok(text.includes('▲５二金打') && text.includes('▲５八玉'), text);
  // The board starts at the start; stepping goes move by move.
  assert.equal(await page.getAttribute('#games-board', 'data-ply'), '0');
  assert.ok(await page.isDisabled('#games-prev'));
  await page.click('#games-last');
  await page.waitForSelector('#games-board[data-ply="3"]');
  assert.match(await page.textContent('#games-caption'), /Move 3 of 3: ▲５二金打/);
  assert.ok(await page.isDisabled('#games-next'));
  await page.click('#games-prev');
  await page.waitForSelector('#games-board[data-ply="2"]');
  // A click on the missed mate shows the position before the move, and
  // the mate that was there.
  await items.first().locator('button').click();
  await page.waitForSelector('#games-board[data-ply="0"]');
  assert.equal(await page.getAttribute('#games-board', 'data-sfen'), answer.sfens[0]);
  assert.equal(await page.locator('#games-board svg').count(), 1);
  assert.ok((await page.innerHTML('#games-board')).includes('SFEN ' + answer.sfens[0]));
  assert.ok(await page.isVisible('#games-mate'));
  assert.match(await page.textContent('#games-mate'), /The mate here: ▲５二金打 \(1手詰\); played instead: ▲５八玉/);
  assert.equal(await page.getAttribute('#games-findings li:first-child', 'class'), 'current');
  // The mate's move shows the position after it: the mate.
  await page.click('#games-mate button[data-mate="1"]');
  await page.waitForSelector('#games-board[data-mate="1"]');
  assert.equal(await page.getAttribute('#games-board', 'data-sfen'), answer.findings[0].line_sfens[1]);
  assert.ok((await page.innerHTML('#games-board')).includes('SFEN ' + answer.findings[0].line_sfens[1]));
  assert.match(await page.textContent('#games-caption'), /The mate, move 1 of 1: ▲５二金打, mate\./);
  await page.click('#games-mate button.mate-start');
  await page.waitForSelector('#games-board[data-mate="0"]');
  // The keyboard steps too.
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#games-board[data-ply="1"]');
  // The sound problems link to the solve page, which solves them.
  const links = page.locator('#games-problems a.practise');
  assert.equal(await links.count(), answer.problems.length);
  assert.ok(answer.problems.length > 0);
  const href = await links.first().getAttribute('href');
  const solve = await newPage(context);
  t.after(() => solve.close());
  await solve.goto(base + href);
  await solve.waitForSelector('#solve-status[data-state="done"]', { state: 'attached' });
  assert.equal(await solve.inputValue('#input'), answer.problems[0].sfen);
  assert.equal(await solve.inputValue('#hand-rule'), 'as-given');
  assert.equal(await solve.textContent('#result-usi'), answer.problems[0].solution.join(' '));
  solve.check();
  page.check();
});

test('a file of several games: the first mined, another picked', async (t) => {
  const { page, state, answer } = await mine(t, missed + '\n' + selfplay);
  assert.equal(state, 'done');
  assert.equal(answer.games.length, 2);
  assert.ok(await page.isVisible('#games-pick'));
  assert.equal(await page.locator('#games-pick option').count(), 2);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/v1/games'), { timeout: 60000 }),
    page.selectOption('#games-pick', '1'),
  ]);
  const second = await res.json();
  await page.waitForSelector('#games-status[data-state="done"]', { timeout: 60000 });
  assert.equal(second.game, 1);
  assert.match(await page.textContent('#games-title'), /83 moves/);
  const missedAt = second.findings.findIndex((f) => f.kind === 'missed');
  assert.ok(missedAt >= 0, 'the self-play game has a missed mate');
  const f = second.findings[missedAt];
  await page.locator(`#games-findings li[data-finding="${missedAt}"] button`).click();
  await page.waitForSelector(`#games-board[data-ply="${f.ply}"]`);
  assert.equal(await page.getAttribute('#games-board', 'data-sfen'), second.sfens[f.ply]);
  assert.ok((await page.textContent('#games-mate')).includes(f.line_ja.join(' ')));
  // Its mate stepped to the end: the last move of the line.
  const n = f.line.length;
  await page.click(`#games-mate button[data-mate="${n}"]`);
  await page.waitForSelector(`#games-board[data-mate="${n}"]`);
  assert.equal(await page.getAttribute('#games-board', 'data-sfen'), f.line_sfens[n]);
  if (screenshotDir) await page.screenshot({ path: join(screenshotDir, 'web-games.png'), fullPage: true });
  page.check();
});

test('a bad record: its error, with the line, and no result', async (t) => {
  const { page, state } = await mine(t, illegal);
  assert.equal(state, 'error');
  assert.match(await page.textContent('#games-status'), /line 20: move 3: ５二銀打 is not legal/);
  assert.ok(await page.isHidden('#games-result'));
  assert.ok(await page.isEnabled('#games-button'));
  assert.throws(() => page.check(), /HTTP 422: POST .*\/api\/v1\/games/);
});

test('the practice page draws from the problems mined from games', async (t) => {
  const page = await newPage(context);
  t.after(() => page.close());
  await page.goto(base + '/');
  await page.selectOption('#length', '');
  await page.selectOption('#source', 'mine');
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/v1/problems/random')),
    page.click('#start'),
  ]);
  // The query names the method; this bank holds only generated problems.
  assert.equal(new URL(res.url()).searchParams.get('method'), 'mine');
  await page.waitForSelector('#status[data-result="error"]');
  assert.match(await page.textContent('#status'), /no problem mined from games/);
  assert.throws(() => page.check(), /HTTP 404: GET .*\/api\/v1\/problems\/random/);
  // Any source: the generated problem.
  await page.selectOption('#source', '');
  await page.click('#start');
  await page.waitForSelector('#problem-info[data-problem="1"]');
});
