#!/usr/bin/python3
"""rows.py READ DIR CODE1 CODE2: rows of reads-later.tsv from
DIR/sheet.tsv and DIR/readerCODE.tsv, and the counts."""
import sys
read, d, c1, c2 = sys.argv[1:5]
sheet = [l.rstrip("\n").split("\t") for l in open(d + "/sheet.tsv")]
def verdicts(c):
    v = {}
    for l in open(d + f"/reader{c}.tsv", encoding="utf-8"):
        f = l.rstrip("\n").split("\t")
        if len(f) >= 2 and f[0].strip().isdigit():
            v[int(f[0])] = f[1].strip().lower()
    return v
v1, v2 = verdicts(c1), verdicts(c2)
for c, v in ((c1, v1), (c2, v2)):
    per = {}
    for num, plies, sfen, usi in sheet:
        per.setdefault(plies, 0)
        per[plies] += v.get(int(num)) == "yes"
    tot = {w: sum(1 for x in v.values() if x == w) for w in ("yes", "perhaps", "no")}
    print(f"# {c}: {len(v)} verdicts, {tot}, yes by length {per}", file=sys.stderr)
for num, plies, sfen, usi in sheet:
    print(f"{read}\t{num}\t{v1[int(num)]},{v2[int(num)]}\t{sfen}\t{usi}")
