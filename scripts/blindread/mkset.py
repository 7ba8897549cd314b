#!/usr/bin/python3
"""mkset.py TSUME SHEETDIR OUTDIR: the reading set of a worksheet made by
tsume generate --length 3,5,7 --n 10 --format svg --out SHEETDIR:
OUTDIR/set.md (diagrams as BOD, answer key) and OUTDIR/sheet.tsv
(number, plies, sfen, usi line)."""
import html, re, subprocess, sys
tsume, sheet, out = sys.argv[1:4]
doc = open(sheet + "/index.html", encoding="utf-8").read()
figs = re.findall(r'aria-label="Problem (\d+): Black to play and mate in (\d+)\. SFEN ([^"]+)"', doc)
if not figs:
    figs = re.findall(r'alt="Problem (\d+): Black to play and mate in (\d+)\. SFEN ([^"]+)"', doc)
items = re.findall(r'<li value="(\d+)">(.*?)</li>', doc)
ans = {}
for num, body in items:
    m = re.match(r'(.*?)<code>(.*?)</code>(.*)', body)
    a, usi, rest = m.group(1), m.group(2), m.group(3)
    themes = re.findall(r'<span class="themes">(.*?)</span>', rest)
    vars_ = [x for x in re.findall(r"<span class=\"variation\">(.*?)</span>", rest)]
    ans[num] = (html.unescape(a), usi, [html.unescape(t) for t in themes], [html.unescape(v) for v in vars_])
with open(out + "/set.md", "w", encoding="utf-8") as f, open(out + "/sheet.tsv", "w") as t:
    f.write("# 30 tsume problems (詰将棋), 10 each of 3, 5 and 7 plies, with their answer key\n\n")
    f.write("Black (先手, ▲, upper-case in SFEN) plays and mates; White (後手, △) defends and holds every piece not on the board or in Black's hand.\n\n")
    for num, plies, sfen in figs:
        sfen = html.unescape(sfen)
        bod = subprocess.run([tsume, "render", "--sfen", sfen, "--format", "bod"], capture_output=True, text=True, check=True).stdout
        a, usi, themes, vars_ = ans[num]
        f.write(f"## Problem {num} — mate in {plies}\n\n```\n{bod}```\n\nSFEN: `{sfen}`\n\n")
        f.write(f"Answer: {a}\n\n")
        for th in themes:
            f.write(f"{th}\n\n")
        for v in vars_:
            f.write(f"{v}\n\n")
        t.write(f"{num}\t{plies}\t{sfen}\t{usi}\n")
print(len(figs), "problems")
