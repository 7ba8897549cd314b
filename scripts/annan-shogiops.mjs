// annan-shogiops.mjs prints, for each SFEN read from stdin (one a line),
// the legal moves of Annan shogi as shogiops 0.18 generates them: a line
// "sfen <SFEN>", then one line of sorted, space-separated entries, a
// board move as "<from><to>" (without promotion, which shogiops' move
// destinations do not carry) and a drop as "<PIECE>*<to>". It is run by
// hand to refresh variant/testdata/annan-shogiops.txt:
//
//	npm install shogiops@0.18.0     (in the directory the script is run from)
//	TSUME_WRITE_ANNAN_SFENS=/tmp/sfens.txt go test ./variant -run TestWriteAnnanSFENs
//	node annan-shogiops.mjs < /tmp/sfens.txt > variant/testdata/annan-shogiops.txt
//
// shogiops is used as an outside program; none of its code is in tsume.
import { createInterface } from 'node:readline';
import { parseSfen } from 'shogiops/sfen';
import { makeSquareName } from 'shogiops/util';

const letters = { pawn: 'P', lance: 'L', knight: 'N', silver: 'S', gold: 'G', bishop: 'B', rook: 'R' };
const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  const sfen = line.trim();
  if (!sfen) continue;
  const pos = parseSfen('annanshogi', sfen, false);
  if (pos.isErr) {
    console.log('sfen ' + sfen);
    console.log('error ' + pos.error.message);
    continue;
  }
  const p = pos.value;
  const out = [];
  for (const [from, dests] of p.allMoveDests()) {
    for (const to of dests) out.push(makeSquareName(from) + makeSquareName(to));
  }
  for (const [name, dests] of p.allDropDests()) {
    const role = name.split(' ')[1];
    for (const to of dests) out.push(letters[role] + '*' + makeSquareName(to));
  }
  out.sort();
  console.log('sfen ' + sfen);
  console.log('moves ' + out.join(' '));
}
