package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// The solve golden files live in testdata/solve/, for the reasons given
// above verifyGoldenDir.
const solveGoldenDir = "testdata/solve"

// Positions used by the solve cases. The lengths were checked by hand and
// by shortestMate below.
const (
	sMate1     = "4k4/9/4S4/9/9/9/9/9/9 b G 1"                          // G*5b
	sMate3     = "8k/9/9/7Rs/9/9/9/9/9 b B 1"                           // B*3c 1a1b 3c2b+
	sNotUnique = "7k1/9/7S1/9/9/9/9/9/9 b R 1"                          // R*2b 2a1a 2c1b+, and 2b1b+ mates too
	sMate5     = "6B1k/9/9/9/9/9/9/9/9 b LS 1"                          // S*2b 1a1b 2b1c+ 1b1a 1c2b, a lance left over
	sMate7     = "9/5k3/3+R5/9/7B1/9/9/9/9 b NS 1"                      // 6c4c 4b3a S*3b 3a2b 4c2c 2b1a 3b2a+
	sNoMate    = "4k4/9/9/9/9/9/9/9/9 b G 1"                            // a gold alone cannot mate
	sNoKing    = "9/9/4S4/9/9/9/9/9/9 b G 1"                            // no defender king
	sIllegal   = "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1"                      // 二歩
	sBadSFEN   = "4k4/9/4x4/9/9/9/9/9/9 b G 1"                          // unknown piece letter
	sMate3KIF  = solveGoldenDir + "/mate3_lance.kif"                    // 5k3/9/3L2G2/9/9/9/9/9/9 b R 1, not unique
	sBatch     = solveGoldenDir + "/batch.txt"                          // mates, no mate, bad lines
	sBatchMate = solveGoldenDir + "/batch_mates.txt"                    // mates only
	sTooMany   = "4k4/9/GGGGS4/9/9/9/9/9/9 b G 1"                       // five golds
	sWhite     = "9/9/9/9/9/9/4s4/9/4K4 w g 1"                          // White mates with G*5h
	sAsGivenNo = "3lkl3/3p1p3/9/4p4/9/9/9/9/9 b L 1"                    // no mate with the remaining pieces
	sPosition  = "position sfen 5k3/9/4S4/9/9/9/9/9/9 w G 1 moves 4a5a" // sMate1 after one move
)

// solveGoldenCases are run like verifyGoldenCases.
var solveGoldenCases = []goldenCase{
	{"help_solve", []string{"help", "solve"}, ""},
	{"help_solve", []string{"solve", "--help"}, ""},

	{"mate1", []string{"solve", "--sfen", sMate1}, ""},
	{"mate1_json", []string{"solve", "--sfen", sMate1, "--json"}, ""},
	{"mate1_as_given", []string{"solve", "--sfen", sMate1, "--as-given"}, ""},
	{"mate1_usi_ply", []string{"solve", "--sfen", sPosition, "--ply", "1"}, ""},
	{"mate1_usi_ply", []string{"solve", "--sfen", sPosition}, ""}, // a USI command means the position after its moves
	{"mate3", []string{"solve", "--sfen", sMate3}, ""},
	{"mate3_json", []string{"solve", "--json", "--sfen", sMate3}, ""},
	{"mate3_no_soundness", []string{"solve", "--sfen", sMate3, "--no-soundness"}, ""},
	{"mate3_futile_count", []string{"solve", "--sfen", sMate3, "--futile", "count"}, ""},
	{"not_unique", []string{"solve", "--sfen", sNotUnique}, ""},
	{"not_unique_json", []string{"solve", "--sfen", sNotUnique, "--json"}, ""},
	{"mate3_lance_kif", []string{"solve", "--kif", sMate3KIF}, ""},
	{"mate3_lance_kif", []string{"solve", "--file", sMate3KIF}, ""},
	{"mate5", []string{"solve", "--sfen", sMate5}, ""},
	{"mate5_json", []string{"solve", "--sfen", sMate5, "--json"}, ""},
	{"white_to_move", []string{"solve", "--sfen", sWhite}, ""},
	{"nomate", []string{"solve", "--sfen", sNoMate}, ""},
	{"nomate_json", []string{"solve", "--sfen", sNoMate, "--json"}, ""},
	{"nomate_as_given", []string{"solve", "--sfen", sAsGivenNo}, ""},
	{"mate_as_given", []string{"solve", "--sfen", sAsGivenNo, "--as-given"}, ""},

	{"batch", []string{"solve", "--sfen", "-"}, sBatch},
	{"batch", []string{"solve", "--batch", sBatch}, ""},
	{"batch_json", []string{"solve", "--sfen", "-", "--json"}, sBatch},
	{"batch_mates", []string{"solve", "--batch", sBatchMate}, ""},
	{"batch_mates_json", []string{"solve", "--batch", sBatchMate, "--json"}, ""},
	{"batch_empty", []string{"solve", "--sfen", "-"}, ""},

	{"err_bad_sfen", []string{"solve", "--sfen", sBadSFEN}, ""},
	{"err_bad_sfen", []string{"solve", "--sfen", sBadSFEN, "--json"}, ""},
	{"err_no_king", []string{"solve", "--sfen", sNoKing}, ""},
	{"err_illegal", []string{"solve", "--sfen", sIllegal}, ""},
	{"err_too_many", []string{"solve", "--sfen", sTooMany}, ""},
	{"err_no_input", []string{"solve"}, ""},
	{"err_no_input", []string{"solve", "--json"}, ""},
	{"err_both", []string{"solve", "--sfen", sMate1, "--batch", sBatch}, ""},
	{"err_stdin_and_kif", []string{"solve", "--sfen", "-", "--kif", sMate3KIF}, ""},
	{"err_ply_batch", []string{"solve", "--batch", sBatch, "--ply", "1"}, ""},
	{"err_extra_argument", []string{"solve", "--sfen", "4k4/9/4S4/9/9/9/9/9/9", "b", "G", "1"}, ""},
	{"err_bad_flags", []string{"solve", "--sfen", sMate1, "--futile", "sometimes", "--hash", "0", "--time", "-1s"}, ""},
	{"err_unreadable_file", []string{"solve", "--batch", solveGoldenDir + "/no-such-file.txt"}, ""},
	{"err_unknown_flag", []string{"solve", "--sfen", sMate1, "--frob"}, ""},
}

// Machine-dependent fields of solve's output, and what the golden files
// hold instead. Node counts are replaced too: they change whenever the
// search does, and 'tsume bench' is where they are watched.
var solveNormalise = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`(?m)^nodes [0-9]+, time [0-9]+\.[0-9]{2}s, [0-9]+ nodes/s$`), "nodes <N>, time <T>s, <R> nodes/s"},
	{regexp.MustCompile(`"nodes":[0-9]+`), `"nodes":"<N>"`},
	{regexp.MustCompile(`"time_ms":[0-9]+`), `"time_ms":"<T>"`},
	{regexp.MustCompile(`"nps":[0-9]+`), `"nps":"<R>"`},
}

func normaliseSolve(s string) string {
	for _, n := range solveNormalise {
		s = n.re.ReplaceAllString(s, n.with)
	}
	return s
}

func TestSolveGolden(t *testing.T) {
	testGoldenCases(t, solveGoldenDir, solveGoldenCases, normaliseSolve)
}

// TestSolveGoldenFilesUsed catches solve golden files that no case writes
// any more.
func TestSolveGoldenFilesUsed(t *testing.T) {
	testGoldenFilesUsed(t, solveGoldenDir, solveGoldenCases)
}

// TestSolveErrorsAreOneLine checks that every err_ case fails with exit
// status 2, one line on stderr and nothing on stdout.
func TestSolveErrorsAreOneLine(t *testing.T) {
	testErrorCases(t, solveGoldenCases, "tsume solve: ")
}

// The keys of a solve --json object, in order.
var (
	solveKeys      = []string{"status", "length", "pv", "pv_ja", "nodes", "time_ms", "unique", "alternatives", "leftover"}
	solveExtraKeys = []string{"length_exact", "soundness_checked", "first_move_forced", "leftover_pieces", "nps", "sfen", "defender_hand", "futile", "rules", "pv_incomplete", "themes", "verdict", "error", "line"}
	altKeys        = []string{"ply", "move", "move_ja", "last_move_promotion"}
)

// TestSolveJSONShape checks the key order of solve --json, lists that are
// never null, and one object a line in batch mode.
func TestSolveJSONShape(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--json", "--sfen", sNotUnique},
		{"solve", "--json", "--sfen", sNoMate},
		{"solve", "--json", "--batch", sBatch},
		// Fairy problems print the same object, with their rules.
		{"solve", "--json", "--rules", "tenjiku", "--sfen", "9/3k5/9/9/9/9/9/9/3K5 b SL 1"},
		{"solve", "--json", "--sfen", "8$b/9/7S1/9/9/9/9/9/9 b G 1"},
		{"solve", "--json", "--rules", "annan", "--batch", "testdata/fairy/batch.sfen"},
	} {
		var stdout, stderr bytes.Buffer
		Run(context.Background(), args, nil, &stdout, &stderr)
		lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
		if len(lines) == 0 || lines[0] == "" {
			t.Fatalf("tsume %s: no output; stderr %q", strings.Join(args, " "), stderr.String())
		}
		for _, line := range lines {
			keys := objectKeys(t, json.RawMessage(line))
			if len(keys) < len(solveKeys) || !reflect.DeepEqual(keys[:len(solveKeys)], solveKeys) {
				t.Errorf("keys %v, want %v first", keys, solveKeys)
				continue
			}
			j := 0
			for _, k := range keys[len(solveKeys):] {
				for j < len(solveExtraKeys) && solveExtraKeys[j] != k {
					j++
				}
				if j == len(solveExtraKeys) {
					t.Errorf("extra key %q unknown or out of order in %v", k, keys)
				}
			}
			var v map[string]json.RawMessage
			if err := json.Unmarshal([]byte(line), &v); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"pv", "pv_ja", "alternatives", "themes"} {
				if !strings.HasPrefix(string(v[k]), "[") {
					t.Errorf("%s: %q is %s, want a list", line, k, v[k])
				}
			}
			var alts []json.RawMessage
			if err := json.Unmarshal(v["alternatives"], &alts); err != nil {
				t.Fatal(err)
			}
			for _, a := range alts {
				if keys := objectKeys(t, a); !reflect.DeepEqual(keys, altKeys) {
					t.Errorf("alternative keys %v, want %v", keys, altKeys)
				}
			}
		}
	}
}

// mateWithin reports whether the side to move in p mates within n plies
// when every legal reply counts: an exhaustive search that shares nothing
// with the solver but the move generator.
func mateWithin(p *shogi.Position, n int) bool {
	for _, m := range p.Checks(nil) {
		q := *p
		q.DoMove(m)
		replies := q.LegalMoves(nil)
		if len(replies) == 0 {
			return true
		}
		if n < 3 {
			continue
		}
		all := true
		for _, r := range replies {
			c := q
			c.DoMove(r)
			if !mateWithin(&c, n-2) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// shortestMate returns the length of the shortest forced mate of at most
// maxPlies plies, or 0.
func shortestMate(p *shogi.Position, maxPlies int) int {
	for n := 1; n <= maxPlies; n += 2 {
		if mateWithin(p, n) {
			return n
		}
	}
	return 0
}

// TestSolveAgreesWithExhaustiveSearch solves small problems with
// --futile count and checks the answer independently: the main line is
// legal, every attacker move checks, the defender is mated at the end
// (no legal move), and its length is the shortest forced mate found by
// exhaustive search.
func TestSolveAgreesWithExhaustiveSearch(t *testing.T) {
	for _, sfen := range []string{sMate1, sMate3, sNotUnique, sMate5, sNoMate, "5k3/9/3L2G2/9/9/9/9/9/9 b R 1", "6kp1/9/6S2/9/9/9/9/9/9 b B 1"} {
		t.Run(sfen, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Run(context.Background(), []string{"solve", "--json", "--futile", "count", "--hash", "16", "--sfen", sfen}, nil, &stdout, &stderr)
			var j struct {
				Status string
				Length int
				PV     []string
				SFEN   string
			}
			if err := json.Unmarshal(stdout.Bytes(), &j); err != nil {
				t.Fatalf("exit %d, stdout %q, stderr %q: %v", code, stdout.String(), stderr.String(), err)
			}
			p, err := shogi.ParseSFEN(j.SFEN) // the position solved, with the defender's hand
			if err != nil {
				t.Fatal(err)
			}
			want := shortestMate(&p, 5)
			if want == 0 {
				if j.Status != "nomate" || code != ExitNo {
					t.Errorf("status %s, exit %d; want nomate, exit 1 (no mate within 5 plies, and the solver should prove it)", j.Status, code)
				}
				return
			}
			if j.Status != "mate" || code != ExitOK {
				t.Fatalf("status %s, exit %d; want mate", j.Status, code)
			}
			if j.Length != want || len(j.PV) != want {
				t.Errorf("length %d (main line %d moves), want %d", j.Length, len(j.PV), want)
			}
			q := p
			for i, s := range j.PV {
				m, err := q.ParseUSIMove(s)
				if err != nil {
					t.Fatalf("move %d %s: %v", i+1, s, err)
				}
				q.DoMove(m)
				if i%2 == 0 && !q.InCheck() {
					t.Errorf("attacker move %d %s does not check", i+1, s)
				}
			}
			if !q.InCheck() || q.HasLegalMove() {
				t.Errorf("the main line %v does not end in mate", j.PV)
			}
			var line []shogi.Move
			r := p
			for _, s := range j.PV {
				m, _ := r.ParseUSIMove(s)
				line = append(line, m)
				r.DoMove(m)
			}
			if err := mate.VerifyLine(&p, line, mate.Count); err != nil {
				t.Errorf("mate.VerifyLine: %v", err)
			}
		})
	}
}

func TestSolveInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"solve", "--sfen", sMate3},
		{"solve", "--batch", sBatch},
	} {
		var stdout, stderr bytes.Buffer
		code := Run(ctx, args, nil, &stdout, &stderr)
		if code != ExitInterrupted || stderr.String() != "tsume solve: interrupted\n" {
			t.Errorf("tsume %s: exit %d, stderr %q; want %d and interrupted", strings.Join(args, " "), code, stderr.String(), ExitInterrupted)
		}
	}
}

// TestSolveProgress checks the progress line: drawn on standard error
// with --progress always, erased at the end, stdout unchanged.
func TestSolveProgress(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := Run(context.Background(), []string{"solve", "--sfen", sMate1, "--progress", "always"}, nil, &stdout, &stderr)
	if code != ExitOK || !strings.Contains(stdout.String(), "status: mate") {
		t.Fatalf("exit %d, stdout %q", code, stdout.String())
	}
	// A mate in 1 may end before the first report: test the line itself.
	var b bytes.Buffer
	pl := &statusLine{w: &b, every: 0}
	drawSearchProgress(pl, mate.Progress{Phase: "proof", Nodes: 1 << 20, Elapsed: 2e9, Hashfull: 125})
	pl.clear()
	pl.clear() // a second clear writes nothing
	got := b.String()
	if !strings.HasPrefix(got, "\r\033[Kproof") || !strings.Contains(got, "1048576 nodes") ||
		!strings.Contains(got, "524288 nodes/s") || !strings.Contains(got, "hashfull  12.5%") ||
		!strings.HasSuffix(got, "\r\033[K") || strings.Count(got, "\r\033[K") != 2 {
		t.Errorf("progress output %q", got)
	}
	var nilLine *statusLine
	nilLine.clear() // must not panic
}
