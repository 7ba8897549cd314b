package maten

import (
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/shogi"
)

// TestMeasure measures constructed lines whose metrics are counted by
// hand.
func TestMeasure(t *testing.T) {
	tests := []struct {
		name, sfen, line string
		want             problem.Composer
	}{
		{
			// The gold dropped next to the king is taken (a sacrifice, the
			// king's only reply); the second gold stays.
			"sacrifice", "4k4/9/9/9/9/9/9/9/9 b 2G 1", "G*5b 5a5b G*5c",
			problem.Composer{Sacrifices: 1, QuietFirst: true, FinalPieces: 1, Branching: 1, Beauty: 6.5},
		},
		{
			// A rook dropped four squares off (the king steps to 2a or
			// 2b), then a silver that does not promote in the zone.
			"refusal and distant drop", "8k/9/9/6S2/9/9/9/9/9 b R 1", "R*1e 1a2b 3d3c",
			problem.Composer{QuietFirst: true, Refusals: 1, DistantDrops: 1, FinalPieces: 2, Branching: 2, Beauty: 6.5},
		},
		{
			// The gold takes a silver (not quiet) and is taken in turn;
			// the king may also step to 6a or 6b.
			"capture first", "4k4/5s3/5G3/9/9/9/9/9/9 b - 1", "4c4b 5a4b",
			problem.Composer{Sacrifices: 1, Branching: 3, Beauty: 6},
		},
		{
			// A promoting move is no refusal, and a piece the defender
			// could take but does not is no sacrifice: the king steps
			// away from the dragon (it could take it too).
			"promotion", "3k5/9/9/9/9/9/9/4R4/9 b - 1", "5h5b+ 6a7a",
			problem.Composer{QuietFirst: true, FinalPieces: 1, Branching: 2, Beauty: 4.5},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos, err := shogi.ParseSFEN(tt.sfen)
			if err != nil {
				t.Fatal(err)
			}
			q := pos
			var line []shogi.Move
			for _, s := range strings.Fields(tt.line) {
				m, err := q.ParseUSIMove(s)
				if err != nil || !q.IsLegal(m) {
					t.Fatalf("move %s: illegal (%v)", s, err)
				}
				line = append(line, m)
				q.DoMove(m)
			}
			if got := Measure(&pos, line); got != tt.want {
				t.Errorf("Measure = %+v\nwant      %+v", got, tt.want)
			}
		})
	}
}

// TestBeauty checks the terms of the beauty score one at a time.
func TestBeauty(t *testing.T) {
	base := problem.Composer{FinalPieces: 4}
	if b := Beauty(&base, 5); b != 0 {
		t.Errorf("bare problem: beauty %v, want 0", b)
	}
	for _, tt := range []struct {
		c      problem.Composer
		pieces int
		want   float64
	}{
		{problem.Composer{Sacrifices: 2, FinalPieces: 4}, 5, 4},
		{problem.Composer{QuietFirst: true, FinalPieces: 4}, 5, 1.5},
		{problem.Composer{Refusals: 1, FinalPieces: 4}, 5, 2},
		{problem.Composer{DistantDrops: 3, FinalPieces: 4}, 5, 3},
		{problem.Composer{FinalPieces: 1}, 5, 3},
		{problem.Composer{FinalPieces: 9}, 8, -1.5},
	} {
		if b := Beauty(&tt.c, tt.pieces); b != tt.want {
			t.Errorf("Beauty(%+v, %d) = %v, want %v", tt.c, tt.pieces, b, tt.want)
		}
	}
}
