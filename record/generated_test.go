package record_test

import (
	"context"
	"testing"

	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// TestRoundTripGeneratedProblems writes generated problems with their
// solutions in every record format and reads them back: the position,
// both hands, the side to move and the solution must come out as they
// went in; and the board diagram alone must give the position back.
func TestRoundTripGeneratedProblems(t *testing.T) {
	type writer func(*shogi.Position, []shogi.Move, []record.KIFHeader, bool) (string, error)
	formats := []struct {
		name  string
		write writer
	}{{"KIF", record.KIF}, {"KI2", record.KI2}, {"CSA", record.CSA}}
	for _, m := range []mate1.Method{mate1.Reverse, mate1.Random} {
		o := mate1.DefaultOptions()
		o.Method, o.Seed = m, 11
		g, err := mate1.New(o)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 25; i++ {
			pr, err := g.Problem(context.Background(), i)
			if err != nil {
				t.Fatal(err)
			}
			p := pr.Position
			want := withoutMoveNumber(p.SFEN())
			for _, f := range formats {
				text, err := f.write(&p, pr.Line, nil, true)
				if err != nil {
					t.Fatalf("%s %s: %v", f.name, p.SFEN(), err)
				}
				game, err := record.ReadAny([]byte(text))
				if err != nil {
					t.Fatalf("%s %s: reading back: %v\n%s", f.name, p.SFEN(), err, text)
				}
				if got := withoutMoveNumber(game.Start.SFEN()); got != want {
					t.Errorf("%s: position %s came back as %s", f.name, want, got)
				}
				if len(game.Moves) != 1 || game.Moves[0] != pr.Line[0] {
					t.Errorf("%s %s: moves %v, want %v", f.name, want, game.Moves, pr.Line)
				}
			}
			game, err := record.ReadAny([]byte(record.BOD(&p)))
			if err != nil {
				t.Fatalf("BOD %s: %v", want, err)
			}
			if got := withoutMoveNumber(game.Start.SFEN()); got != want {
				t.Errorf("BOD: position %s came back as %s", want, got)
			}
		}
	}
}

func withoutMoveNumber(sfen string) string {
	for i := len(sfen) - 1; i >= 0; i-- {
		if sfen[i] == ' ' {
			return sfen[:i]
		}
	}
	return sfen
}
