package report

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// TestAnswerVariations: the answer key lists every 変同 of the line and
// every other capture of the piece the attacker has just moved, each
// from its ply to the mate (drops on one square with one continuation
// as one interposition, 合), and nothing for a line without either.
func TestAnswerVariations(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             []string
	}{
		{"the king's step beside the pawn taken", "9/9/8k/8p/8R/9/7R+L/9/9 b L2b4g4s4n2l17p 1", "1e1d 1c1d P*1e 1d1e L*1f",
			[]string{"4手目 △１三玉 ▲１四香打まで"}},
		{"two replies tie the rook's capture", "9/9/9/9/9/+PG7/1r7/k1+B6/9 b RSb3g3s4n4l17p 1", "S*8i 8g8i+ R*9g",
			[]string{"2手目 △９九玉 ▲９八飛打まで", "2手目 △同　飛不成 ▲９七飛打まで"}},
		// The fortieth blind read's problem 9: ▲４二歩成, and the other
		// silver may take it, mated at once with a knight left.
		{"another capture of the sacrifice", "4kss2/9/4GP3/6B2/9/9/9/9/9 b N2rb3g2s3n4l17p 1", "4c4b+ 3a4b N*6c",
			[]string{"2手目 △同　銀直 ▲５二金まで"}},
		// The forty-first read's problem 14: seven drops on 1二 tie the
		// king's step, each mated by ▲１四銀打; the key writes them once.
		{"interpositions of any piece", "4+R4/6g1k/9/6g2/8+B/9/9/9/9 b 2Srb2g2s4n4l18p 1", "S*1c 1b1c 5a1a 1c2c S*1d",
			[]string{"4手目 △１二合 ▲１四銀打まで"}},
		{"none", "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*5b", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, line := parseLine(t, c.sfen, c.line)
			got, err := AnswerVariations(context.Background(), &p, line)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%q, want %q", got, c.want)
			}
		})
	}
	p, line := parseLine(t, "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*4b") // a check, no mate
	if _, err := AnswerVariations(context.Background(), &p, line); err == nil {
		t.Error("a line that does not mate: no error")
	}
}

// parseLine parses a position and a line of USI moves from it.
func parseLine(t *testing.T, sfen, moves string) (shogi.Position, []shogi.Move) {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	q := p
	var line []shogi.Move
	for _, s := range strings.Fields(moves) {
		m, err := q.ParseUSIMove(s)
		if err != nil {
			t.Fatal(err)
		}
		line = append(line, m)
		q.DoMove(m)
	}
	return p, line
}
