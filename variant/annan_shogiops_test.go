package variant

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// The file testdata/annan-shogiops.txt holds positions reached by random
// 安南 play from standard positions and, for each, the legal moves that
// shogiops 0.18 (an independent Annan shogi implementation, run as an
// outside program by scripts/annan-shogiops.mjs) generates. Set
// TSUME_WRITE_ANNAN_SFENS to a file name to write the positions again.

const annanShogiopsFile = "testdata/annan-shogiops.txt"

func TestWriteAnnanSFENs(t *testing.T) {
	out := os.Getenv("TSUME_WRITE_ANNAN_SFENS")
	if out == "" {
		t.Skip("TSUME_WRITE_ANNAN_SFENS not set")
	}
	var lines []string
	rng := newRand(15)
	starts := append([]string{StartSFEN}, perftSFENs(t)...)
	for g := 0; g < 60; g++ {
		p := annan(t, starts[g%len(starts)])
		for ply := 0; ply < 60; ply++ {
			if ply%3 == 0 {
				lines = append(lines, p.SFEN())
			}
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			p.DoMove(moves[rng.IntN(len(moves))])
		}
	}
	if err := os.WriteFile(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// projectShogiops writes our moves as shogiops lists them: a board move
// without its promotion flag (once), a drop as "P*5e".
func projectShogiops(ms []Move) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range ms {
		s := MoveString(m)
		if !m.IsDrop() {
			s = m.From().String() + m.To().String()
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

func TestAnnanAgainstShogiops(t *testing.T) {
	f, err := os.Open(annanShogiopsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var sfen string
	positions, mateDrops, deadSquares := 0, 0, 0
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "sfen "):
			sfen = strings.TrimPrefix(line, "sfen ")
			continue
		case strings.HasPrefix(line, "error "):
			t.Errorf("%s: shogiops: %s", sfen, line)
			continue
		case !strings.HasPrefix(line, "moves"):
			t.Fatalf("bad line %q", line)
		}
		theirs := strings.Fields(strings.TrimPrefix(line, "moves"))
		p := annan(t, sfen)
		ms := p.LegalMoves(nil)
		for _, m := range ms {
			if !m.IsPromotion() && tbl.dead[p.side][MoveKind(m)].Has(m.To()) {
				deadSquares++ // legal only because 安南 lifts the dead-piece rule
			}
		}
		ours := projectShogiops(ms)
		positions++
		for _, m := range theirs {
			if slices.Contains(ours, m) {
				continue
			}
			// Where the rules differ (docs/fairy.md): shogiops tests
			// 打ち歩詰め only with the pawn in front of the king; we forbid
			// every pawn drop that mates.
			if len(m) == 4 && m[:2] == "P*" {
				to, _ := shogi.ParseSquare(m[2:])
				q := p
				q.DoMove(NewDrop(p.side, shogi.Pawn, to))
				if q.IsMate() {
					mateDrops++
					continue
				}
			}
			t.Errorf("%s: shogiops has %s, we do not", sfen, m)
		}
		for _, m := range ours {
			if !slices.Contains(theirs, m) {
				t.Errorf("%s: we have %s, shogiops does not", sfen, m)
			}
		}
	}
	if positions < 500 {
		t.Errorf("only %d positions", positions)
	}
	if deadSquares == 0 {
		t.Error("no move or drop onto a square where the piece's own kind could never move: the file does not test the lifted dead-piece rule")
	}
	t.Logf("%d positions; %d moves and drops onto squares where the piece's own kind could never move; differences by rule: %d pawn drops that mate", positions, deadSquares, mateDrops)
}
