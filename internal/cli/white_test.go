package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestWhiteToMove is the rule of a White-to-move position, for every
// command that reads a problem: the side to move is the attacker, White
// attacking Black's king; the commands agree on the exit status and the
// answer. The position of issue 25, White to move without a king on
// Black's side, is no tsume position: bad input (exit 2) with one line,
// the same for each command; a White-to-move mate in 1 is a mate for each.
func TestWhiteToMove(t *testing.T) {
	const (
		noKing = "4k4/9/4S4/9/9/9/9/9/9 w G 1" // Black, the defender, has no king
		mate1  = "9/9/9/9/9/9/4s4/9/4K4 w g 1" // White mates with G*5h
		// The reason says how the position was read: White, to move,
		// holds the only king.
		hint = " (the side to move, white, is read as the attacker and has the only king: a tsume position is given with the attacker to move)"
	)
	db := filepath.Join(t.TempDir(), "w.db")
	if code, _, stderr := runCLI("bank", "init", "--bank", db); code != ExitOK {
		t.Fatalf("bank init: exit %d, %s", code, stderr)
	}
	cases := []struct {
		args   []string
		code   int
		stdout []string // each must appear on standard output
		stderr string   // standard error, exactly, when not ""
	}{
		{[]string{"verify", "--sfen", noKing}, ExitError, nil, "tsume verify: not a tsume position: the defender (black) has no king on the board" + hint + "\n"},
		{[]string{"solve", "--sfen", noKing}, ExitError, nil, "tsume solve: not a tsume position: the defender (black) has no king on the board" + hint + "\n"},
		{[]string{"analyze", "--sfen", noKing, "--plies", "1"}, ExitError, nil, "tsume analyze: not a tsume position: the defender (black) has no king on the board" + hint + "\n"},
		// render draws any position, Black's gold in hand as given.
		{[]string{"render", "--sfen", noKing}, ExitOK, []string{"Black's hand: G\n", "White to move"}, ""},
		{[]string{"render", "--format", "sfen", "--sfen", noKing}, ExitOK, []string{noKing + "\n"}, ""},

		{[]string{"verify", "--sfen", mate1}, ExitOK, []string{"VALID: a sound mate-in-1 problem", "G*5h  △５八金打", "flags: none"}, ""},
		{[]string{"verify", "--sfen", mate1, "--json"}, ExitOK, []string{`"valid":true`, `"mates":["G*5h"]`, `"kind":"mate-in-1"`}, ""},
		{[]string{"solve", "--sfen", mate1}, ExitOK, []string{"status: mate", "1  G*5h  △５八金打", "verdict: sound"}, ""},
		{[]string{"analyze", "--sfen", mate1, "--plies", "1"}, ExitOK, []string{"forced: yes, mate within 1 plies", "main line: G*5h"}, ""},
		{[]string{"render", "--sfen", mate1}, ExitOK, []string{"White's hand: g\n", "White to move"}, ""},
		{[]string{"bank", "add", "--bank", db, "--sfen", mate1}, ExitOK, []string{"mate in 1 (sound): G*5h"}, ""},
		// The bank looks at the defender's king: Black's, on the edge.
		{[]string{"bank", "query", "--bank", db, "--json"}, ExitOK, []string{`"solution":"G*5h"`, `"pieces":2,"king_edge":true`}, ""},
	}
	for _, c := range cases {
		code, stdout, stderr := runCLI(c.args...)
		name := "tsume " + strings.Join(c.args, " ")
		if code != c.code {
			t.Errorf("%s: exit %d, want %d; stderr %q", name, code, c.code, stderr)
		}
		for _, want := range c.stdout {
			if !strings.Contains(stdout, want) {
				t.Errorf("%s: standard output lacks %q:\n%s", name, want, stdout)
			}
		}
		if c.stderr != "" && stderr != c.stderr {
			t.Errorf("%s: standard error %q, want %q", name, stderr, c.stderr)
		}
		if c.code == ExitError && stdout != "" {
			t.Errorf("%s: exit 2 with output %q", name, stdout)
		}
	}
}
