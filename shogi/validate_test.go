package shogi_test

import (
	"errors"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// Validate names every rule a position breaks, each with a minimal example,
// and accepts the positions that break none.
func TestValidate(t *testing.T) {
	type want struct {
		code shogi.ProblemCode
		sq   string // the square concerned, "" for NoSquare
	}
	cases := []struct {
		name  string
		sfen  string
		wants []want // nil: valid
	}{
		{"start", shogi.StartSFEN, nil},
		{"matsuri", matsuriSFEN, nil},
		{"max-legal-moves", maxMovesSFEN, nil},
		{"no-legal-moves", noLegalMovesSFEN, nil},
		{"attacker-without-king", kinglessTsumeSFEN, nil},
		{"no-kings-at-all", "9/9/9/9/9/9/9/9/9 b 2R 1", nil},
		{"four-golds-counting-hands", "4k4/9/9/9/9/9/9/9/3GKG3 b Gg 1", nil},
		{"five-golds-counting-hands", "4k4/9/9/9/9/9/9/9/3GKG3 b 2Gg 1", []want{{shogi.TooManyPieces, ""}}},
		{"three-bishops-counting-a-horse", "4k4/9/9/9/4+B4/9/9/9/4K4 b Bb 1", []want{{shogi.TooManyPieces, ""}}},
		{"nineteen-pawns", "4k4/9/9/9/9/9/9/9/4K4 b 18Pp 1", []want{{shogi.TooManyPieces, ""}}},
		{"five-silvers-counting-promoted", "4k4/9/9/9/+S+s7/9/9/9/4K4 b 2Ss 1", []want{{shogi.TooManyPieces, ""}}},
		{"two-black-kings", "4k4/9/9/9/9/9/9/9/3KK4 b - 1", []want{{shogi.TooManyKings, ""}}},
		{"two-white-kings", "3kk4/9/9/9/9/9/9/9/4K4 b - 1", []want{{shogi.TooManyKings, ""}}},
		{"double-pawn-black", "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", []want{{shogi.DoublePawn, "5e"}}},
		{"double-pawn-white", "4k4/4p4/4p4/9/9/9/9/9/4K4 b - 1", []want{{shogi.DoublePawn, "5b"}}},
		{"pawn-and-tokin-on-a-file", "4k4/9/9/9/4+P4/9/4P4/9/4K4 b - 1", nil},
		{"pawns-of-both-sides-on-a-file", "4k4/9/4p4/9/9/9/4P4/9/4K4 b - 1", nil},
		{"black-pawn-on-rank-a", "P3k4/9/9/9/9/9/9/9/4K4 b - 1", []want{{shogi.DeadPiece, "9a"}}},
		{"black-lance-on-rank-a", "L3k4/9/9/9/9/9/9/9/4K4 b - 1", []want{{shogi.DeadPiece, "9a"}}},
		{"black-knight-on-rank-b", "4k4/N8/9/9/9/9/9/9/4K4 b - 1", []want{{shogi.DeadPiece, "9b"}}},
		{"black-knight-on-rank-c", "4k4/9/N8/9/9/9/9/9/4K4 b - 1", nil},
		{"white-pawn-on-rank-i", "4k4/9/9/9/9/9/9/9/p3K4 b - 1", []want{{shogi.DeadPiece, "9i"}}},
		{"white-knight-on-rank-h", "4k4/9/9/9/9/9/9/n8/4K4 b - 1", []want{{shogi.DeadPiece, "9h"}}},
		{"white-knight-on-rank-g", "4k4/9/9/9/9/9/n8/9/4K4 b - 1", nil},
		{"white-pawn-lance-knight-on-rank-a", "lnp1k4/9/9/9/9/9/9/9/4K4 b - 1", nil},
		{"promoted-pieces-on-the-last-rank", "+P+L+N1k4/9/9/9/9/9/9/9/4K4 b - 1", nil},
		{"side-not-to-move-in-check", "4k4/9/9/9/4R4/9/9/9/4K4 b - 1", []want{{shogi.OpponentInCheck, "5a"}}},
		{"side-to-move-in-check", "4k4/9/9/9/4R4/9/9/9/4K4 w - 1", nil},
		{"several-problems", "P3k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", []want{{shogi.DeadPiece, "9a"}, {shogi.DoublePawn, "5e"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := mustSFEN(t, c.sfen)
			err := p.Validate()
			if c.wants == nil {
				if err != nil {
					t.Errorf("Validate(%s) = %v, want nil", c.sfen, err)
				}
				return
			}
			var ipe *shogi.InvalidPositionError
			if !errors.As(err, &ipe) {
				t.Fatalf("Validate(%s) = %v, want an *InvalidPositionError", c.sfen, err)
			}
			for _, w := range c.wants {
				if !ipe.Has(w.code) {
					t.Errorf("Validate(%s): %v does not report %s", c.sfen, err, w.code)
				}
			}
			if len(ipe.Problems) != len(c.wants) {
				t.Errorf("Validate(%s) reports %d problems %v, want %d", c.sfen, len(ipe.Problems), ipe.Problems, len(c.wants))
			}
			for _, pr := range ipe.Problems {
				if pr.Msg == "" {
					t.Errorf("problem %s without a message", pr.Code)
				}
				for _, w := range c.wants {
					wsq := shogi.NoSquare
					if w.sq != "" {
						wsq, _ = sqName(w.sq)
					}
					if pr.Code == w.code && pr.Square != wsq {
						t.Errorf("Validate(%s): %s on %s, want %s", c.sfen, pr.Code, pr.Square, wsq)
					}
				}
			}
		})
	}
}

func TestProblemCodeNames(t *testing.T) {
	for code, name := range map[shogi.ProblemCode]string{
		shogi.TooManyPieces: "too-many-pieces", shogi.TooManyKings: "too-many-kings", shogi.DoublePawn: "double-pawn",
		shogi.DeadPiece: "dead-piece", shogi.OpponentInCheck: "opponent-in-check", 0: "problem(0)", 99: "problem(99)",
	} {
		if got := code.String(); got != name {
			t.Errorf("ProblemCode(%d).String() = %q, want %q", code, got, name)
		}
	}
}
