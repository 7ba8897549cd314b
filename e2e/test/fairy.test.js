// Problems with fairy pieces on the practice page in headless Chromium
// (issue 28, item 4): imported into a bank as jsonl, served, drawn with
// their royals ringed and their fairy pieces in hand, and played by
// clicking under their rules — a 天竺 mate in 3 whose king, checked by
// a knight, escapes with a knight's jump; a wrong check refuted as not
// the solution; a Grasshopper dropped from the hand to mate.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildTsume, fileScope, launch, movesShown, newPage, play, startServer, tempDir } from '../lib.js';

let bin, dir, context;
const file = fileScope();

// The problems, as tsume solve found and judged them (sound).
const royalHorse = {
  sfen: '9/9/9/3k5/5R3/1n7/4$+B4/9/9 b Nrb4g4s2n4l18p 1', solution: 'N*5f 6d7f 4e7e', rules: 'tenjiku', verdict: 'sound',
};
const grasshopper = {
  sfen: 'k8/Bp7/1G7/9/9/9/9/9/9 b (GH)2rb3g4s4n4l17p 1', solution: '(GH)*9c', rules: 'tenjiku', verdict: 'sound',
};

before(async () => {
  dir = await tempDir(file);
  bin = await buildTsume(dir);
  context = await launch(file, dir);
});

// open serves the problem p alone and starts it on the practice page.
async function open(t, p, plies) {
  const base = await startServer(t, bin, dir, [p]);
  const page = await newPage(context);
  t.after(() => page.close());
  await page.goto(base + '/');
  await page.selectOption('#length', String(plies));
  await page.click('#start');
  await page.waitForSelector('#problem-info[data-problem="1"]');
  await page.waitForSelector('#board [data-square="5e"]');
  assert.equal(await page.textContent('#status'), `Black to play and mate in ${plies} under tenjiku rules.`);
  assert.match(await page.textContent('#problem-info'), /rules tenjiku · fairy pieces/);
  return page;
}

test('a 天竺 mate in 3 with a royal horse, the king jumping as a knight', async (t) => {
  const page = await open(t, royalHorse, 3);
  assert.equal(await page.locator('#board svg circle.ring').count(), 1, 'the royal horse is not ringed');
  assert.equal(await play(page, 'N*5f'), 'correct');
  assert.deepEqual(await page.locator('#movelist li').allTextContents(), ['▲５六桂打', '△７六玉(64)']);
  assert.equal(await play(page, '4e7e'), 'solved');
  assert.equal(await movesShown(page), 3);
});

test('a wrong check is not the solution', async (t) => {
  const page = await open(t, royalHorse, 3);
  assert.equal(await play(page, '4e4d'), 'wrong');
  assert.match(await page.textContent('#status'), /not the solution \(rules tenjiku · mate in 3\)/);
});

test('a Grasshopper dropped from the hand mates', async (t) => {
  const page = await open(t, grasshopper, 1);
  assert.equal(await page.textContent('#hand button[data-hand="(GH)"]'), 'グ');
  // The king's square is no target of the drop: the rules' legal moves only.
  await page.click('#hand button[data-hand="(GH)"]');
  assert.equal(await page.locator('#board [data-square="9a"].target').count(), 0);
  await page.click('#hand button[data-hand="(GH)"]');
  assert.equal(await play(page, '(GH)*9c'), 'solved');
  assert.deepEqual(await page.locator('#movelist li').allTextContents(), ['▲９三グ打']);
});
