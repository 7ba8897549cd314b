// Themes where people see them, in headless Chromium: the practice page
// and the worksheet form filter by theme, the worksheet's answer key names
// each problem's themes, the solve page lists the themes of the main line
// and steps the board to a theme's ply.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { buildTsume, fileScope, generate, launch, newPage, startServer, tempDir, watch } from '../lib.js';

const file = fileScope();
let base, context, threes, common;

// names returns the theme names of a generated problem, each once.
const names = (p) => [...new Set(p.themes.map((t) => t.name))];

before(async () => {
  const dir = await tempDir(file);
  const bin = await buildTsume(dir);
  const ones = await generate(bin, '--length', '1', '--n', '6', '--seed', '3');
  threes = await generate(bin, '--length', '3', '--n', '24', '--seed', '3');
  // The theme most of the mate-in-3 problems have (ties: by name), which
  // some of them have not: the filter must tell them apart.
  const counts = new Map();
  for (const p of threes) for (const n of names(p)) counts.set(n, (counts.get(n) || 0) + 1);
  common = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0];
  assert.ok(counts.get(common) >= 2 && counts.get(common) < threes.length,
    `theme ${common} in ${counts.get(common)} of ${threes.length} mate-in-3 problems`);
  // The mate-in-1 problems first: ids 1–6, the mate-in-3s 7–30.
  base = await startServer(file, bin, dir, [...ones, ...threes]);
  context = await launch(file, dir);
});

// problemOf returns the generated problem served under id.
const problemOf = (id) => threes[id - 7];

test('the practice page gives only problems of the theme chosen', async (t) => {
  const page = await newPage(context);
  t.after(() => page.close());
  await page.goto(base + '/');
  // Every theme of the catalogue is offered, "any" first.
  const options = await page.$$eval('#theme option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.equal(options[0][0], '');
  assert.ok(options.length > 20, `${options.length} options`);
  assert.ok(options.some(([v, text]) => v === 'lure' && text === '吊り出し (lure)'), 'no 吊り出し (lure)');
  await page.selectOption('#length', '3');
  await page.selectOption('#theme', common);
  const seen = new Set();
  for (let i = 0; i < 6; i++) {
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/v1/problems/random?')),
      page.click(i === 0 ? '#start' : '#next'),
    ]);
    assert.equal(new URL(res.url()).searchParams.get('theme'), common);
    const id = (await res.json()).id;
    await page.waitForSelector(`#problem-info[data-problem="${id}"]`);
    const p = problemOf(id);
    assert.ok(p && names(p).includes(common), `problem ${id} lacks ${common}: ${p && names(p)}`);
    seen.add(id);
  }
  assert.ok(seen.size >= 2, `one problem only: ${[...seen]}`);
  page.check();
});

test('a theme no problem of the length has: the status says so', async (t) => {
  const page = await newPage(context);
  t.after(() => page.close());
  await page.goto(base + '/');
  const all = await page.$$eval('#theme option', (os) => os.map((o) => o.value).filter((v) => v));
  const absent = all.find((n) => !threes.some((p) => names(p).includes(n)));
  assert.ok(absent, 'every theme is among the problems');
  await page.selectOption('#length', '3');
  await page.selectOption('#theme', absent);
  await page.click('#start');
  await page.waitForSelector('#status[data-result="error"]');
  const text = await page.textContent('#status');
  assert.ok(text.includes('no problem with the theme') && text.includes(absent), text);
  // No page.check(): the 404 of the random problem is the answer expected.
});

test('the worksheet form filters by theme and the answer key names the themes', async (t) => {
  const page = await newPage(context);
  t.after(() => page.close());
  await page.goto(base + '/worksheet');
  await page.selectOption('#ws-plies', '3');
  await page.selectOption('#ws-theme', common);
  const label = await page.$eval(`#ws-theme option[value="${common}"]`, (o) => o.textContent);
  const ja = label.slice(0, label.indexOf(' ('));
  const [sheet] = await Promise.all([context.waitForEvent('page'), page.click('#ws-make')]);
  watch(sheet);
  t.after(() => sheet.close());
  await sheet.waitForLoadState('load');
  assert.equal(new URL(sheet.url()).searchParams.get('theme'), common);
  const want = threes.filter((p) => names(p).includes(common)).slice(0, 6);
  assert.equal(await sheet.locator('figure[role="img"] svg').count(), want.length);
  const answers = await sheet.locator('ol.answers li').allTextContents();
  assert.equal(answers.length, want.length);
  for (let i = 0; i < want.length; i++) {
    const fig = await sheet.getAttribute(`figure#p${i + 1}`, 'aria-label');
    assert.ok(fig.includes(want[i].sfen), `figure ${i + 1}: ${fig}`);
    assert.ok(answers[i].includes(want[i].solution_ja) && answers[i].includes('手筋：') && answers[i].includes(ja),
      `answer ${i + 1}: ${answers[i]}, want ${want[i].solution_ja} and 手筋：… ${ja}`);
  }
  page.check();
  sheet.check();
});

test('the solve page lists the themes and steps to their ply', async (t) => {
  const page = await newPage(context);
  t.after(() => page.close());
  await page.goto(base + '/solve');
  // The README's mate in 3: ▲３三角打 (a distant drop) △１二玉 ▲２二角成.
  await page.fill('#input', '8k/9/9/7Rs/9/9/9/9/9 b B 1');
  await page.click('#solve-button');
  await page.waitForSelector('#solve-status[data-state="done"]', { state: 'attached' });
  assert.ok(await page.isVisible('#result-themes'));
  const items = await page.$$eval('#result-themes li', (ls) => ls.map((l) => [l.dataset.theme, l.dataset.ply, l.textContent]));
  assert.deepEqual(items, [['distant-drop', '1', 'ply 1 遠打 (distant-drop)']]);
  await page.click('#step-end');
  await page.waitForSelector('#result-board[data-ply="3"]');
  await page.click('#result-themes li[data-theme="distant-drop"] button');
  await page.waitForSelector('#result-board[data-ply="1"]');
  assert.ok((await page.textContent('#board-caption')).startsWith('Ply 1 of 3'));
  page.check();
});
