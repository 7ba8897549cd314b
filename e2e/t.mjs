import { importKIF, exportKIF } from 'tsshogi';
import { readFileSync } from 'fs';
const t = readFileSync('/tmp/r2.kif','utf8');
const r = importKIF(t);
if (r instanceof Error) { console.log('error', r.message); } else {
console.log(r.moves.map(n=>n.move && n.move.usi ? n.move.usi : JSON.stringify(n.move)));
}
