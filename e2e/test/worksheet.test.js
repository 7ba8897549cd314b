// The worksheet page in headless Chromium: the form opens the printable
// sheet in a new tab; its diagrams are drawn (the screenshot is checked
// for them), the answer key is on a page of its own when printed.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, test } from 'node:test';
import {
  buildTsume, decodePNG, fileScope, generate, inkStats, launch, newPage, phone, screenshotDir, startServer, tempDir,
  watch,
} from '../lib.js';

const file = fileScope();
let base, context, ones;

before(async () => {
  const dir = await tempDir(file);
  const bin = await buildTsume(dir);
  ones = await generate(bin, '--length', '1', '--n', '12', '--seed', '3');
  const threes = await generate(bin, '--length', '3', '--n', '4', '--seed', '3');
  // Mate-in-3 problems among them, which a sheet of mate-in-1 leaves out.
  base = await startServer(file, bin, dir, [...ones.slice(0, 5), ...threes, ...ones.slice(5)]);
  context = await launch(file, dir);
});

// countPDFPages counts the pages of a PDF file.
function countPDFPages(pdf) {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) || []).length;
}

test('a worksheet of 9 mate-in-1 problems', async (t) => {
  const page = await newPage(context);
  t.after(() => page.close());
  await page.goto(base + '/worksheet');
  assert.equal(await page.getAttribute('body', 'data-page'), 'worksheet');
  if (screenshotDir) {
    await page.screenshot({ path: join(screenshotDir, 'web-worksheet-form.png'), clip: { x: 0, y: 0, width: 1000, height: 320 } });
  }
  await page.selectOption('#ws-plies', '1');
  await page.selectOption('#ws-count', '9');
  const [sheet] = await Promise.all([context.waitForEvent('page'), page.click('#ws-make')]);
  watch(sheet);
  t.after(() => sheet.close());
  await sheet.waitForLoadState('load');
  const url = new URL(sheet.url());
  assert.equal(url.pathname, '/api/v1/worksheet');
  assert.equal(url.searchParams.get('plies'), '1');
  assert.equal(url.searchParams.get('count'), '9');

  // Nine diagrams, each an SVG board, then the answers.
  assert.equal(await sheet.locator('figure[role="img"] svg').count(), 9);
  assert.equal(await sheet.locator('figure[role="img"] svg rect.board').count(), 9);
  const answers = await sheet.locator('ol.answers li').allTextContents();
  assert.equal(answers.length, 9);
  // The mate-in-1 problems only, in the store's order, each answer its
  // problem's solution.
  const want = ones.slice(0, 9);
  for (let i = 0; i < 9; i++) {
    const label = await sheet.getAttribute(`figure#p${i + 1}`, 'aria-label');
    assert.ok(label.includes(want[i].sfen), `figure ${i + 1}: ${label}`);
    assert.ok(answers[i].includes(want[i].solution_ja) && answers[i].includes(want[i].solution),
      `answer ${i + 1}: ${answers[i]}, want ${want[i].solution_ja} ${want[i].solution}`);
  }
  // The answer key starts a page of its own.
  assert.equal(await sheet.$eval('section.answers', (e) => getComputedStyle(e).breakBefore), 'page');

  // The screenshot shows the diagrams: the page is not blank, and each
  // diagram's part of it has the board's colour and dark ink (lines,
  // pieces, labels).
  const full = await sheet.screenshot({ fullPage: true });
  const img = decodePNG(full);
  const ink = inkStats(img);
  assert.ok(img.width >= 600 && img.height >= 800, `screenshot ${img.width}×${img.height}`);
  assert.ok(ink.nonWhite > ink.total * 0.1, `the sheet is nearly blank: ${ink.nonWhite} of ${ink.total} pixels not white`);
  for (let i = 1; i <= 9; i++) {
    const fig = decodePNG(await sheet.locator(`figure#p${i}`).screenshot());
    const fi = inkStats(fig);
    assert.ok(fig.width > 150 && fig.height > 150, `diagram ${i}: ${fig.width}×${fig.height}`);
    assert.ok(fi.nonWhite > fi.total * 0.3, `diagram ${i}: only ${fi.nonWhite} of ${fi.total} pixels not white`);
    assert.ok(fi.dark > fi.total * 0.01, `diagram ${i}: only ${fi.dark} of ${fi.total} pixels dark`);
  }
  if (screenshotDir) await sheet.screenshot({ path: join(screenshotDir, 'web-worksheet.png') });

  // Printed on A4: the diagrams on the first page, the answers on the second.
  const pdf = await sheet.pdf({ preferCSSPageSize: true, printBackground: true });
  assert.equal(countPDFPages(pdf), 2);
  page.check();
  sheet.check();
});

test('a worksheet with no problem for the query', async (t) => {
  const page = await newPage(context);
  t.after(() => page.close());
  await page.goto(base + '/worksheet');
  await page.selectOption('#ws-plies', '7');
  const [sheet] = await Promise.all([context.waitForEvent('page'), page.click('#ws-make')]);
  t.after(() => sheet.close());
  await sheet.waitForLoadState('load');
  const body = JSON.parse(await sheet.textContent('body'));
  assert.equal(body.field, 'query');
  page.check();
});

test('the form fits a phone (390×844)', async (t) => {
  const page = await newPage(context);
  t.after(() => page.close());
  await page.setViewportSize(phone);
  await page.goto(base + '/worksheet');
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `the page is ${scroll} px wide, more than the screen's ${width}`);
  const make = await page.locator('#ws-make').boundingBox();
  assert.ok(make.x >= 0 && make.x + make.width <= width, 'the button is off the screen');
  page.check();
});
