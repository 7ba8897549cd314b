// tsume's records read by another program: every format tsume generate
// writes, and the KIF and CSA records of tsume match, parsed by tsshogi
// (the record library of ShogiHome; pinned in package.json) to the same
// positions, moves and times (docs/formats.md, docs/match.md). No browser.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { promisify } from 'node:util';
import {
  Move, Position, RecordMetadataKey, importCSA, importKI2, importKIF,
} from 'tsshogi';
import { buildTsume, fileScope, tempDir } from '../lib.js';

const run = promisify(execFile);
const file = fileScope();
let bin, dir;

before(async () => {
  dir = await tempDir(file);
  bin = await buildTsume(dir);
});

// tsume runs the binary and returns its standard output.
async function tsume(...args) {
  const { stdout } = await run(bin, args, { maxBuffer: 64 << 20 });
  return stdout;
}

// parse reads one record with tsshogi's reader of the format, failing the
// test on an error.
//
// KIF writes a declined promotion as 不成 ("５三桂不成(65)"), as Kakinoki's
// own program does; tsshogi 2.2.0's KIF move pattern knows only 成 and
// reads such a line as an unknown special move. So for tsshogi a KIF
// move's 不成 is dropped (a move without 成 is one that does not promote,
// the same move), and only there: KI2 keeps it (tsshogi reads 不成 there).
function parse(format, text) {
  if (format === 'kif') text = text.replace(/^( *[0-9]+ +\S+?)不成(\([1-9][1-9]\))/gm, '$1$2');
  const r = { kif: importKIF, ki2: importKI2, csa: importCSA }[format](text);
  if (r instanceof Error) assert.fail(`tsshogi cannot read this ${format}: ${r.message}\n${text}`);
  return r;
}

// movesOf returns the moves of a record read by tsshogi, in USI, and the
// nodes that hold them (the special moves such as 詰み left out).
function movesOf(r) {
  const nodes = r.moves.filter((n) => n.move instanceof Move);
  return { usi: nodes.map((n) => n.move.usi), nodes };
}

// split cuts a file of generate's records into its records: at the
// comment line before each in KIF and KI2 ("# ---- tsume generate: …"),
// at the "/" lines in CSA, the CSA standard's separator.
function split(format, text) {
  if (format === 'csa') return text.split(/^\/\n/m);
  return text.split(/^(?=# ---- tsume generate: )/m).filter((s) => s.trim() !== '');
}

for (const length of ['1', '3']) {
  test(`generate --length ${length}: every format reads back in tsshogi`, async () => {
    const flags = ['--length', length, '--n', '4', '--seed', '7'];
    const want = (await tsume('generate', '--format', 'jsonl', ...flags))
      .trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(want.length, 4);
    for (const p of want) {
      // The position is an SFEN tsshogi reads as it is, and the solution
      // is legal in it, move after move, ending in check.
      const pos = Position.newBySFEN(p.sfen);
      assert.ok(pos, `tsshogi does not read the SFEN ${p.sfen}`);
      assert.equal(pos.sfen, p.sfen);
      for (const u of p.solution.split(' ')) {
        const m = pos.createMoveByUSI(u);
        assert.ok(m && pos.isValidMove(m) && pos.doMove(m), `${p.sfen}: ${u} is not legal for tsshogi`);
      }
      assert.ok(pos.checked, `${p.sfen}: ${p.solution} does not end in check`);
    }

    const sfen = (await tsume('generate', '--format', 'sfen', ...flags)).trim().split('\n');
    assert.deepEqual(sfen.map((s) => Position.newBySFEN(s)?.sfen), want.map((p) => p.sfen));

    for (const format of ['kif', 'ki2', 'csa']) {
      const out = join(dir, `generated-${length}.${format}`);
      await tsume('generate', '--format', format, '--out', out, ...flags);
      const records = split(format, await readFile(out, 'utf8'));
      assert.equal(records.length, want.length, `${format}: ${records.length} records`);
      records.forEach((text, i) => {
        const r = parse(format, text);
        assert.equal(r.initialPosition.sfen, want[i].sfen, `${format} record ${i + 1}: the position`);
        assert.deepEqual(movesOf(r).usi, want[i].solution.split(' '), `${format} record ${i + 1}: the moves`);
      });
    }
  });
}

// A KIF time column "( m:ss/hh:mm:ss)" in seconds: the move's, the total.
function kifTimes(text) {
  return [...text.matchAll(/^ *\d+ \S.*\(\s*(\d+):(\d\d)\/(\d+):(\d\d):(\d\d)\)$/gm)]
    .map((m) => ({ move: +m[1] * 60 + +m[2], total: +m[3] * 3600 + +m[4] * 60 + +m[5] }));
}

// checkGame reads a game tsume match wrote as KIF and CSA with tsshogi:
// the same start and moves in both, plies as many as the match says, each
// move's time the time of its comment ("time 1767ms") in whole seconds,
// the KIF's totals what tsshogi adds up, and the same end in both. It
// returns the CSA's time limit as tsshogi reads it.
async function checkGame(out, n, plies) {
  const kifText = await readFile(join(out, `game-00${n}.kif`), 'utf8');
  const csaText = await readFile(join(out, `game-00${n}.csa`), 'utf8');
  const kif = parse('kif', kifText);
  const csa = parse('csa', csaText);
  assert.equal(kif.initialPosition.sfen, csa.initialPosition.sfen);
  const km = movesOf(kif), cm = movesOf(csa);
  assert.deepEqual(km.usi, cm.usi, `game ${n}: KIF and CSA moves differ`);
  assert.equal(km.usi.length, plies, `game ${n}: ${km.usi.length} moves, the match says ${plies} plies`);
  const columns = kifTimes(kifText);
  assert.equal(columns.length, plies);
  for (const [name, moves] of [['KIF', km], ['CSA', cm]]) {
    moves.nodes.forEach((node, i) => {
      const ms = /time (\d+)ms/.exec(node.comment);
      assert.ok(ms, `${name} game ${n} move ${i + 1}: no time comment in ${JSON.stringify(node.comment)}`);
      assert.equal(node.elapsedMs, Math.floor(+ms[1] / 1000) * 1000,
        `${name} game ${n} move ${i + 1}: ${node.elapsedMs} ms read, ${ms[1]} ms measured`);
      if (name === 'KIF') {
        assert.equal(columns[i].move * 1000, node.elapsedMs);
        assert.equal(columns[i].total * 1000, node.totalElapsedMs, `game ${n} move ${i + 1}: the KIF total`);
      }
    });
  }
  // Both end with the same special move (持将棋 and %JISHOGI, 投了 and
  // %TORYO, …).
  const kend = kif.moves.at(-1).move, cend = csa.moves.at(-1).move;
  assert.ok(!(kend instanceof Move) && !(cend instanceof Move), `game ${n}: no special move at the end`);
  assert.equal(kend.type, cend.type, `game ${n}: the KIF ends with ${kend.type}, the CSA with ${cend.type}`);
  return csa.metadata.getStandardMetadata(RecordMetadataKey.TIME_LIMIT);
}

test('match records read back in tsshogi: moves, times and the time limit', async () => {
  // By nodes: quick moves, and no $TIME_LIMIT (a node count has no HH:MM+SS).
  const byNodes = join(dir, 'nodes');
  let stdout = await tsume('match', '--engine', 'tsume usi', '--engine', 'tsume usi', '--games', '2',
    '--nodes', '2000', '--max-plies', '12', '--out', byNodes);
  let plies = [...stdout.matchAll(/^game \d+: .*, (\d+) plies$/gm)].map((m) => +m[1]);
  assert.equal(plies.length, 2, stdout);
  for (const n of [1, 2]) {
    assert.equal(await checkGame(byNodes, n, plies[n - 1]), undefined);
    const csa = await readFile(join(byNodes, `game-00${n}.csa`), 'utf8');
    assert.match(csa, /^'持ち時間：2000 nodes a move$/m);
  }
  assert.match(stdout, /^engine 1 against engine 2: W \d+, D \d+, L \d+ \(2 games\), score [0-9.]+%, Elo /m);
  assert.doesNotMatch(stdout, /-inf \[-inf, -inf\]|\+inf \[\+inf, \+inf\]/);

  // On a clock of one minute: the moves take their real time, and the
  // CSA gives the limit as HH:MM+SS.
  const byClock = join(dir, 'clock');
  stdout = await tsume('match', '--engine', 'tsume usi', '--engine', 'tsume usi', '--games', '1',
    '--time', '1m', '--max-plies', '2', '--out', byClock);
  plies = [...stdout.matchAll(/^game \d+: .*, (\d+) plies$/gm)].map((m) => +m[1]);
  assert.equal(await checkGame(byClock, 1, plies[0]), '00:01+00');
});
