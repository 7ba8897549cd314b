package report

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// TestAnswerVariations: the answer key lists every other reply of the
// defender's but the futile interpositions, each from its ply to the
// mate with the length it comes to and 駒余り when the attacker keeps a
// piece (drops on one square with one continuation as one interposition,
// 合), and nothing for a line whose replies are all forced.
func TestAnswerVariations(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             []string
	}{
		{"the king's step beside the pawn taken", "9/9/8k/8p/8R/9/7R+L/9/9 b L2b4g4s4n2l17p 1", "1e1d 1c1d P*1e 1d1e L*1f",
			[]string{"4手目 △１三玉 ▲１四香打まで5手"}},
		{"two replies tie the rook's capture", "9/9/9/9/9/+PG7/1r7/k1+B6/9 b RSb3g3s4n4l17p 1", "S*8i 8g8i+ R*9g",
			[]string{"2手目 △９九玉 ▲９八飛打まで3手", "2手目 △同　飛不成 ▲９七飛打まで3手"}},
		// The fortieth blind read's problem 9: ▲４二歩成, and the other
		// silver may take it, mated at once with a knight left.
		{"another capture of the sacrifice", "4kss2/9/4GP3/6B2/9/9/9/9/9 b N2rb3g2s3n4l17p 1", "4c4b+ 3a4b N*6c",
			[]string{"2手目 △同　銀直 ▲５二金まで3手駒余り"}},
		// The forty-first read's problem 14: seven drops on 1二 tie the
		// king's step, each mated by ▲１四銀打; the key writes them once.
		// The king's step to 2三 at ply 2 is mated sooner.
		{"interpositions of any piece", "4+R4/6g1k/9/6g2/8+B/9/9/9/9 b 2Srb2g2s4n4l18p 1", "S*1c 1b1c 5a1a 1c2c S*1d",
			[]string{"2手目 △２三玉 ▲１四銀打まで3手", "4手目 △１二合 ▲１四銀打まで5手"}},
		// The thirty-sixth read's mate-in-3 (read36b): ▲８四銀 uncovers
		// the rook's check; a piece dropped on 9三, next to the king, is
		// taken with a piece left over; the drops on 9四 and 9五 are
		// futile (無駄合) and not listed.
		{"a real interposition, not the futile ones", "1gg6/k1s6/9/9/S8/R8/9/9/9 b r2b2g2s4n4l18p 1", "9e8d 9b8b 9f9c+",
			[]string{"2手目 △９三合 ▲同　飛成まで3手駒余り"}},
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
