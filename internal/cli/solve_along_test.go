package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// solve --along proves a bound along a stated line: the text names it,
// --json gives it as a field, and a record's own moves serve with
// --along record.
func TestSolveAlong(t *testing.T) {
	sfen := "4k4/9/4S4/9/9/9/9/9/9 b G 1"
	code, out, errOut := runCLI("solve", "--sfen", sfen, "--along", "G*5b")
	if code != 0 || !strings.Contains(out, "bound: mate in at most 1 plies (each search off the line exact)\nexact: a mate in 1\n") {
		t.Errorf("mate in 1: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runCLI("solve", "--sfen", "position sfen 7k1/9/7S1/9/9/9/9/9/9 b R 1 moves R*2b 2a1a 2c1b+", "--ply", "0", "--along", "record", "--json")
	var v alongView
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || v.Status != "mate" || v.Length != 3 || v.Along != "R*2b 2a1a 2c1b+" || !v.Exact || !v.LengthExact {
		t.Errorf("--along record --json: exit %d, %+v (%v), stderr %q", code, v, err, errOut)
	}
}

// --progress always shows each search off the line on standard error.
func TestSolveAlongProgress(t *testing.T) {
	code, _, errOut := runCLI("solve", "--sfen", "7k1/9/7S1/9/9/9/9/9/9 b R 1", "--along", "R*2b", "--progress", "always")
	if code != 0 || !strings.Contains(errOut, "searches off the line; ply 2, ") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// A line that follows a shorter defence gets the longest one's bound,
// and the longer defence is named.
func TestSolveAlongLongerDefence(t *testing.T) {
	args := []string{"solve", "--sfen", "9/5k3/3+R5/9/7B1/9/9/9/9 b SN 1", "--along", "N*3d 4b5a S*4b"}
	code, out, _ := runCLI(args...)
	if code != 0 || !strings.Contains(out, "mate in at most 7 plies") || !strings.Contains(out, "exact: no mate within 5 plies, so the shortest mate is 7") || !strings.Contains(out, "the line, judged: verdict: unsound\n") || !strings.Contains(out, "ply 3  S*5b   tolerated  最終手余詰") || !strings.Contains(out, "longer defence at ply 2: 4b3a, mated in 5 more plies (exact), the line's own in at most 1") {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	code, out, _ = runCLI(append(args, "--json")...)
	var v alongView
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || len(v.Longer) != 1 || v.Longer[0] != (longerView{Ply: 2, Move: "4b3a", Mate: 5, Line: 1}) {
		t.Errorf("--json: exit %d, %+v (%v)", code, v, err)
	}
}

// The other moves along the line that mate within its bound are listed
// in the verdict's classes, a promotion twin as 非限定, unless --no-soundness: 将棋図巧 第15番 along
// its record (docs/classics-report.md).
func TestSolveAlongAlternatives(t *testing.T) {
	args := []string{"solve", "--sfen", "2g+Rp4/k+r1BlB3/NN1g5/n1pP+p4/9/1L7/9/9/9 b NP2g4s2l13p 1", "--along",
		"N*8d 9b8c 8d9b+ 8c9b 8f8b+ 7a8b R*9a 9b8c 6a7b 8c7b 6d6c+ 7b6c P*6d 5d6d G*5c 6c7b 6b7c+ 7b7c 4b5a 7c7b 9a7a+ 7b8c P*8d 8c9c 7a8b 9c8b 5a7c+ 8b7c G*8c"}
	code, out, _ := runCLI(args...)
	// tsume's own length is 31: the record's attacker is not the quickest.
	if code != 0 || !strings.Contains(out, "mate in at most 33 plies") || !strings.Contains(out, "shorter: a mate within 31 plies exists") || !strings.Contains(out, "ply 27  5a7c  blemish    非限定") || !strings.Contains(out, "ply 20  P*6b  flaw       変長 (longer variation): 14 plies to mate, the main line 10") || !strings.Contains(out, "longer defence at ply 20: P*6b") {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	code, out, _ = runCLI(append(args, "--json")...)
	var v alongView
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || v.LengthExact || v.Shorter != 31 || !v.AlternativesChecked || len(v.Alternatives) != 1 || v.Alternatives[0] != (alongAlt{Ply: 27, Move: "5a7c", Class: "非限定", English: "non-unique choice", Severity: "blemish",
		Rejoin: 28, Detail: "the other promotion choice, mates in at most 5 plies too", Bound: 5, Promotion: true}) {
		t.Errorf("--json: exit %d, %+v (%v)", code, v, err)
	}
	code, out, _ = runCLI(append(args, "--no-soundness")...)
	if code != 0 || strings.Contains(out, "alternative at") || !strings.Contains(out, "alternatives: not searched (--no-soundness)") {
		t.Errorf("--no-soundness: exit %d, stdout %q", code, out)
	}
	if strings.Contains(out, "verdict:") {
		t.Errorf("--no-soundness: a verdict in %q", out)
	}
}

// A line refuted by a defence is no bound: exit 1, the defence named.
func TestSolveAlongRefuted(t *testing.T) {
	code, out, _ := runCLI("solve", "--sfen", "4k4/9/9/9/9/9/9/9/9 b G 1", "--along", "G*5b")
	if code != ExitNo || !strings.Contains(out, "the defence 5a5b at ply 2 escapes every mate") {
		t.Errorf("exit %d, stdout %q", code, out)
	}
}

// Bad lines and bad combinations are named in one line, exit 2.
func TestSolveAlongErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--sfen", "4k4/9/4S4/9/9/9/9/9/9 b G 1", "--along", "G*5b zz"}, `--along: move 2, "zz"`},
		{[]string{"--sfen", "4k4/9/4S4/9/9/9/9/9/9 b G 1", "--along", "G*1i"}, "ply 1 of the line, G*1i: the attacker's move does not check"},
		{[]string{"--sfen", "4k4/9/4S4/9/9/9/9/9/9 b G 1", "--along", " "}, "want USI moves"},
		{[]string{"--sfen", "4k4/9/4S4/9/9/9/9/9/9 b G 1", "--along", "record"}, "--along record: the record has no moves"},
		{[]string{"--batch", "x.txt", "--along", "G*5b"}, "--along is for one standard position"},
		{[]string{"--sfen", "4k4/9/4S4/9/9/9/9/9/9 b G 1", "--along", "G*5b", "--stip", "help"}, "--along is for a direct mate"},
	} {
		code, _, errOut := runCLI(append([]string{"solve"}, c.args...)...)
		if code != ExitError || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: exit %d, stderr %q, want one line with %q", c.args, code, errOut, c.want)
		}
	}
}

// An interrupted --along says so (exit 130), as solve does.
func TestSolveAlongInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	code := Run(ctx, []string{"solve", "--sfen", "7k1/9/7S1/9/9/9/9/9/9 b R 1", "--along", "R*2b"}, nil, &stdout, &stderr)
	if code != ExitInterrupted || stderr.String() != "tsume solve: interrupted\n" {
		t.Errorf("exit %d, stderr %q; want %d and interrupted", code, stderr.String(), ExitInterrupted)
	}
}

// The line is judged from the searches of its bound, and each
// alternative gets the verdict's class, as verdict.JudgeLine gives it
// (and 駒余り: a gold is left at the end): ▲1三竜 first is 手順前後 (the line's moves
// in another order reach its position after ply 4), ▲5一飛 非限定 (the
// other promotion choice), ▲3一竜 and, at ply 3, ▲4一竜 余詰.
func TestSolveAlongClasses(t *testing.T) {
	args := []string{"solve", "--sfen", "8k/5g3/6+R2/8+B/9/4R4/9/9/9 b - 1", "--as-given", "--along", "5f5a+ 4b4a 3c1c 1a2a 5a4a"}
	code, out, _ := runCLI(args...)
	for _, s := range []string{
		"the line, judged: verdict: unsound\n",
		"  ply 1  3c1c  blemish    手順前後 (transposition): the main line's moves in another order: the same position after ply 4  ▲１三竜\n",
		"  ply 1  3c3a  flaw       余詰 (cook): also mates in at most 5 plies  ▲３一竜\n",
		"  ply 1  5f5a  blemish    非限定 (non-unique choice): the other promotion choice, mates in at most 5 plies too  ▲５一飛不成\n",
		"  ply 3  5a4a  flaw       余詰 (cook): also mates in at most 3 plies  ▲同　竜\n",
		"  ply 5        flaw       駒余り (pieces left in hand): the attacker holds G at the end\n",
	} {
		if code != 0 || !strings.Contains(out, s) {
			t.Errorf("exit %d, stdout %q: want %q", code, out, s)
		}
	}
	code, out, _ = runCLI(append(args, "--json")...)
	var v alongView
	if err := json.Unmarshal([]byte(out), &v); code != 0 || err != nil || len(v.Alternatives) != 4 {
		t.Fatalf("--json: exit %d, %+v (%v)", code, v, err)
	}
	if a := v.Alternatives[0]; a.Class != "手順前後" || a.Rejoin != 4 || a.Severity != "blemish" || a.Bound != 5 {
		t.Errorf("--json: first alternative %+v, want 手順前後 rejoining after ply 4", a)
	}
	if v.Verdict == nil || v.Verdict.Overall != "unsound" || len(v.Verdict.Findings) != 5 || v.Verdict.Findings[4].Class != "駒余り" {
		t.Errorf("--json: verdict %+v, want unsound with five findings, 駒余り last", v.Verdict)
	}
}
