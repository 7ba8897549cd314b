package cli

import (
	"bufio"
	"context"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
)

// generate --style realistic writes problems whose provenance names the
// method realistic-N and the self-play game and move of their castle,
// and says on standard error how the castles were made.
func TestGenerateRealistic(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 16 self-play games")
	}
	out, errs, code := runGenerateCLI(t, context.Background(), "--style", "realistic", "--length", "3", "--n", "3", "--seed", "2", "--workers", "2", "--format", "jsonl")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "realistic: the castles of 16 self-play games (seed 2, 5000 nodes a move)") {
		t.Errorf("stderr %q: no line on the castles", errs)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	n := 0
	for sc.Scan() {
		var p problem.Problem
		if err := p.UnmarshalJSON(sc.Bytes()); err != nil {
			t.Fatal(err)
		}
		n++
		g := p.Provenance.Game
		if p.Provenance.Method != "realistic-3" || p.Provenance.Seed != 2 || g == nil || g.File != "selfplay seed 2" || g.Move == 0 || len(p.Line) != 3 {
			t.Errorf("%s: provenance %+v, game %+v, line %v", p.Position.SFEN(), p.Provenance, g, p.Line)
		}
	}
	if n != 3 {
		t.Errorf("%d problems; want 3", n)
	}
}
