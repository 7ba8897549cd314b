package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/report"
)

// The verify golden files live in testdata/verify/, not beside the others:
// TestGoldenFilesUsed wants every testdata/*.golden file to belong to
// goldenCases, and goldenCases cannot hold verify's cases, which read
// standard input and answer "no" (exit 1) with a report on standard
// output, which TestErrorsAreOneLine forbids for a failing case.
const verifyGoldenDir = "testdata/verify"

// verifyBatchInput mixes valid, invalid and malformed lines, comments and
// blank lines.
const verifyBatchInput = verifyGoldenDir + "/batch.txt"

// Positions used by the verify cases.
const (
	vValid      = "4k4/9/4S4/9/9/9/9/9/9 b G 1"           // G*5b
	vNotUnique  = "8k/9/7S1/9/9/9/9/9/9 b G 1"            // G*1b and G*2b
	vPromAmbig  = "7lk/7p1/8P/9/9/9/9/9/8L b - 1"         // 1c1b and 1c1b+
	vHandMatter = "3lkl3/3p1p3/9/4p4/9/9/9/9/9 b L 1"     // no mate, but L*5c with --as-given
	vFlags      = "4k4/9/4S4/9/9/9/9/9/4K4 b GP 1"        // G*5b leaves a pawn; Black has a king
	vWhite      = "9/9/9/9/9/9/4s4/9/4K4 w g 1"           // White mates with G*5h
	vIllegal    = "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1"       // 二歩
	vMalformed  = "4k4/9/4x4/9/9/9/9/9/9 b G 1"           // unknown piece letter
	vTooMany    = "4k4/9/GGGGS4/9/9/9/9/9/9 b G 1"        // five golds: no remaining hand
	vNoKing     = "9/9/4S4/9/9/9/9/9/9 b G 1"             // no defender king
	vChecked    = "4k4/9/4S4/9/9/9/9/9/4K3r b G 1"        // the attacker is in check
	vManyProbs  = "9/9/9/9/9/9/9/9/4K3r b - 1"            // three reasons at once
	vStartpos   = "startpos"                              // not a problem: no mate
	vMate3      = "8k/9/9/7Rs/9/9/9/9/9 b B 1"            // B*3c 1a1b 3c2b+ (the README's), sound with blemishes
	vMate3Sound = "7k1/9/7S1/9/9/9/9/9/9 b R 1"           // R*2b 2a1a 2c1b+, sound
	vCooked7    = "9/5k3/3+R5/9/7B1/9/9/9/9 b NS 1"       // mate in 7 with cooks: unsound
	vWhiteNoKng = "4k4/9/4S4/9/9/9/9/9/9 w G 1"           // White to move, Black has no king
	vPawnDrop   = "8k/6S2/7G1/9/9/9/9/9/4K4 b P 1"        // P*1b would mate: 打ち歩詰め, no mate
	vPawnDrop1  = "8k/6S2/7G1/9/9/9/9/9/4K4 b GP 1"       // P*1b excluded, G*1b G*2a G*2b mate
	vTruncated  = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPP" // not an SFEN
)

// verifyGoldenCases are run through Run like goldenCases, with standard
// input read from stdinFile (none if empty). Cases sharing a golden file
// must give the same exit status and output.
var verifyGoldenCases = []goldenCase{
	{"help_verify", []string{"help", "verify"}, ""},
	{"help_verify", []string{"verify", "--help"}, ""},

	{"valid", []string{"verify", "--sfen", vValid}, ""},
	{"valid_json", []string{"verify", "--sfen", vValid, "--json"}, ""},
	{"valid_json", []string{"verify", "-json", "-sfen=" + vValid}, ""},
	{"not_unique", []string{"verify", "--sfen", vNotUnique}, ""},
	{"not_unique_json", []string{"verify", "--sfen", vNotUnique, "--json"}, ""},
	{"promotion_ambiguous", []string{"verify", "--sfen", vPromAmbig}, ""},
	{"promotion_ambiguous_json", []string{"verify", "--sfen", vPromAmbig, "--json"}, ""},
	{"flags", []string{"verify", "--sfen", vFlags}, ""},
	{"flags_json", []string{"verify", "--sfen", vFlags, "--json"}, ""},
	{"remaining_no_mate", []string{"verify", "--sfen", vHandMatter}, ""},
	{"as_given", []string{"verify", "--sfen", vHandMatter, "--as-given"}, ""},
	{"as_given_json", []string{"verify", "--as-given", "--json", "--sfen", vHandMatter}, ""},
	{"white_to_move", []string{"verify", "--sfen", vWhite}, ""},
	{"white_to_move_json", []string{"verify", "--sfen", vWhite, "--json"}, ""},
	{"illegal", []string{"verify", "--sfen", vIllegal}, ""},
	// An illegal position given alone is bad input (exit 2, err_ cases);
	// in a batch it is a result of its own.
	{"illegal_json", []string{"verify", "--sfen", "-", "--json"}, verifyGoldenDir + "/illegal.txt"},
	{"too_many_pieces", []string{"verify", "--sfen", vTooMany}, ""},
	// Without the defender's king the position is bad input alone (exit
	// 2, as for solve); in a batch its result gives every reason.
	{"many_reasons", []string{"verify", "--sfen", "-"}, verifyGoldenDir + "/many_reasons.txt"},
	{"many_reasons_json", []string{"verify", "--sfen", "-", "--json"}, verifyGoldenDir + "/many_reasons.txt"},
	{"err_no_king", []string{"verify", "--sfen", vManyProbs}, ""},
	{"err_white_no_king", []string{"verify", "--sfen", vWhiteNoKng}, ""},
	{"err_white_no_king", []string{"verify", "--sfen", vWhiteNoKng, "--json"}, ""},

	// Problems longer than 1 ply: the solver's length and verdict.
	{"mate3", []string{"verify", "--sfen", vMate3}, ""},
	{"mate3_json", []string{"verify", "--sfen", vMate3, "--json"}, ""},
	{"mate3_length", []string{"verify", "--sfen", vMate3Sound, "--length", "3"}, ""},
	{"mate3_wrong_length", []string{"verify", "--sfen", vMate3, "--length", "5"}, ""},
	{"mate1_wrong_length", []string{"verify", "--sfen", vValid, "--length", "3"}, ""},
	{"cooked", []string{"verify", "--sfen", vCooked7}, ""},
	{"pawn_drop_mate", []string{"verify", "--sfen", vPawnDrop}, ""},
	{"pawn_drop_mate_json", []string{"verify", "--sfen", vPawnDrop, "--json"}, ""},
	{"pawn_drop_excluded", []string{"verify", "--sfen", vPawnDrop1}, ""},
	{"batch_kinds", []string{"verify", "--batch", verifyGoldenDir + "/batch_kinds.txt"}, ""},
	{"batch_kinds_length", []string{"verify", "--batch", verifyGoldenDir + "/batch_kinds.txt", "--length", "3", "--json"}, ""},
	{"err_bad_length", []string{"verify", "--sfen", vMate3, "--length", "4"}, ""},
	{"err_bad_length", []string{"verify", "--sfen", vMate3, "--length=4"}, ""},
	{"malformed", []string{"verify", "--sfen", vMalformed}, ""},
	{"malformed", []string{"verify", "--sfen", vMalformed, "--json"}, ""},

	{"batch", []string{"verify", "--sfen", "-"}, verifyBatchInput},
	{"batch", []string{"verify", "--batch", verifyBatchInput}, ""},
	{"batch_json", []string{"verify", "--sfen", "-", "--json"}, verifyBatchInput},
	{"batch_json", []string{"verify", "--json", "--batch", verifyBatchInput}, ""},
	{"batch_valid", []string{"verify", "--batch", verifyGoldenDir + "/batch_valid.txt"}, ""},
	{"batch_valid_json", []string{"verify", "--json", "--batch", verifyGoldenDir + "/batch_valid.txt"}, ""},
	{"batch_empty", []string{"verify", "--sfen", "-"}, ""},

	// Positions from records (see input.go): the same problem as vValid.
	{"valid", []string{"verify", "--kif", "testdata/input/valid.kif"}, ""},
	{"valid", []string{"verify", "--file", "testdata/input/valid.csa"}, ""},
	{"valid_json", []string{"verify", "--csa", "testdata/input/valid.csa", "--json"}, ""},
	{"valid", []string{"verify", "--file", "-"}, "testdata/input/valid.kif"},
	{"record_ply", []string{"verify", "--kif", "testdata/input/valid.kif", "--ply", "1"}, ""},
	{"err_record_line", []string{"verify", "--kif", "testdata/input/bad.kif"}, ""},
	{"err_ply_batch", []string{"verify", "--batch", verifyBatchInput, "--ply", "1"}, ""},
	{"err_record_and_batch", []string{"verify", "--kif", "testdata/input/valid.kif", "--batch", verifyBatchInput}, ""},

	{"err_no_input", []string{"verify"}, ""},
	{"err_no_input", []string{"verify", "--json"}, ""},
	{"err_both", []string{"verify", "--sfen", vValid, "--batch", verifyBatchInput}, ""},
	{"err_extra_argument", []string{"verify", "--sfen", "4k4/9/4S4/9/9/9/9/9/9", "b", "G", "1"}, ""},
	{"err_unreadable_file", []string{"verify", "--batch", verifyGoldenDir + "/no-such-file.txt"}, ""},
	{"err_unknown_flag", []string{"verify", "--sfen", vValid, "--frob"}, ""},
}

// TestVerifyGolden checks the output of each case; the solver's figures
// of a problem longer than 1 ply are replaced as in solve's golden files.
func TestVerifyGolden(t *testing.T) {
	testGoldenCases(t, verifyGoldenDir, verifyGoldenCases, normaliseSolve)
}

// TestVerifyErrors checks that every err_ case is bad input: exit 2 and
// one line on standard error.
func TestVerifyErrors(t *testing.T) {
	testErrorCases(t, verifyGoldenCases, "tsume verify: ")
}

// TestVerifyGoldenFilesUsed catches verify golden files that no case
// writes any more.
func TestVerifyGoldenFilesUsed(t *testing.T) {
	testGoldenFilesUsed(t, verifyGoldenDir, verifyGoldenCases)
}

// The keys of a verify --json object, in order.
var (
	verifyKeys      = []string{"sfen", "valid", "errors", "mates", "unique", "leftover", "promotion_ambiguous", "defender_hand", "metrics"}
	verifyExtraKeys = []string{"two_kings", "mates_ja", "error_codes", "verdict", "rules", "kind", "length", "excluded_mates", "stated_length", "solution", "themes", "line"}
	// verifyOptionalKeys may be left out.
	// A fairy position has "rules", and no "verdict" yet.
	verifyOptionalKeys = map[string]bool{"stated_length": true, "solution": true, "line": true, "rules": true}
	metricsKeys        = []string{"legal", "checks", "replies", "by_check"}
	byCheckKeys        = []string{"move", "replies", "king_moves", "captures", "interpositions_move", "interpositions_drop"}
)

// objectKeys returns the keys of the JSON object raw, in order.
func objectKeys(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("%s: not a JSON object", raw)
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// checkVerifyJSONLine checks one line of verify --json output: one JSON
// object with the specified keys in the specified order, then only known
// extra keys, lists that are never null, and consistent values.
func checkVerifyJSONLine(t *testing.T, line string) {
	t.Helper()
	raw := json.RawMessage(line)
	if !json.Valid(raw) {
		t.Fatalf("not valid JSON: %s", line)
	}
	keys := objectKeys(t, raw)
	if len(keys) < len(verifyKeys) || !reflect.DeepEqual(keys[:len(verifyKeys)], verifyKeys) {
		t.Errorf("keys %v, want %v first\n%s", keys, verifyKeys, line)
	}
	extra := keys[min(len(keys), len(verifyKeys)):]
	// The extra keys keep their own order; some are optional.
	var want []string
	for _, k := range verifyExtraKeys {
		if !verifyOptionalKeys[k] || slices.Contains(extra, k) {
			want = append(want, k)
		}
	}
	if !reflect.DeepEqual(extra, want) {
		t.Errorf("extra keys %v, want %v", extra, want)
	}

	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"errors", "mates", "mates_ja", "error_codes", "excluded_mates", "themes"} {
		if !bytes.HasPrefix(obj[k], []byte("[")) {
			t.Errorf("%q is %s, want an array\n%s", k, obj[k], line)
		}
	}
	if k := objectKeys(t, obj["metrics"]); !reflect.DeepEqual(k, metricsKeys) {
		t.Errorf("metrics keys %v, want %v", k, metricsKeys)
	}
	var metrics struct {
		ByCheck []json.RawMessage `json:"by_check"`
	}
	if err := json.Unmarshal(obj["metrics"], &metrics); err != nil {
		t.Fatal(err)
	}
	if metrics.ByCheck == nil {
		t.Errorf("by_check is not an array: %s", obj["metrics"])
	}
	for _, bc := range metrics.ByCheck {
		k := objectKeys(t, bc)
		if len(k) == len(byCheckKeys)+1 && k[len(k)-1] == "other" {
			k = k[:len(k)-1] // a fairy position's replies of no standard kind
		}
		if !reflect.DeepEqual(k, byCheckKeys) {
			t.Errorf("by_check keys %v, want %v", k, byCheckKeys)
		}
	}

	var r report.Verdict
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	if r.Valid != (len(r.Errors) == 0) || len(r.Errors) != len(r.ErrorCodes) {
		t.Errorf("valid %v with errors %q, codes %q", r.Valid, r.Errors, r.ErrorCodes)
	}
	if r.Valid != report.IsValidKind(r.Kind) || !slices.Contains(report.Kinds, r.Kind) {
		t.Errorf("valid %v, kind %q", r.Valid, r.Kind)
	}
	if r.Valid && r.Length == 1 && (!r.Unique || len(r.Mates) != 1) {
		t.Errorf("valid but mates %q, unique %v", r.Mates, r.Unique)
	}
	// A problem longer than 1 ply has the solver's solution, of its
	// length, and its verdict, under any rules.
	if (r.Solution != nil) != (r.Kind != report.KindNotAProblem && len(r.Mates) == 0) {
		t.Errorf("kind %s with %d mates in 1, solution %v", r.Kind, len(r.Mates), r.Solution != nil)
	}
	if r.Solution != nil && (r.Verdict != r.Solution.Verdict && !reflect.DeepEqual(r.Verdict, r.Solution.Verdict) ||
		r.Solution.Status == "mate" && r.Length != r.Solution.Length) {
		t.Errorf("length %d, verdict %+v; solution's %d, %+v", r.Length, r.Verdict, r.Solution.Length, r.Solution.Verdict)
	}
	if r.Valid && r.StatedLength != 0 && r.StatedLength != r.Length {
		t.Errorf("valid with length %d, stated %d", r.Length, r.StatedLength)
	}
	if r.Unique != (len(r.Mates) == 1) || len(r.MatesJA) != len(r.Mates) {
		t.Errorf("unique %v with mates %q, %q", r.Unique, r.Mates, r.MatesJA)
	}
	if r.DefenderHand != "remaining" && r.DefenderHand != "as-given" {
		t.Errorf("defender_hand %q", r.DefenderHand)
	}
	m := r.Metrics
	if len(m.ByCheck) != m.Checks || m.Checks > m.Legal {
		t.Errorf("legal %d, checks %d, %d by_check entries", m.Legal, m.Checks, len(m.ByCheck))
	}
	sum, mates := 0, []string{}
	for i, bc := range m.ByCheck {
		sum += bc.Replies
		if i > 0 && m.ByCheck[i-1].Move >= bc.Move {
			t.Errorf("by_check not sorted: %q before %q", m.ByCheck[i-1].Move, bc.Move)
		}
		if bc.Replies != bc.KingMoves+bc.Captures+bc.InterpositionsMove+bc.InterpositionsDrop+bc.Other {
			t.Errorf("%s: replies %d is not the sum of its kinds", bc.Move, bc.Replies)
		}
		if bc.Replies == 0 {
			mates = append(mates, bc.Move)
		}
	}
	if sum != m.Replies {
		t.Errorf("replies %d, sum over by_check %d", m.Replies, sum)
	}
	if !reflect.DeepEqual(mates, r.Mates) { // by_check and mates are both in byte order
		t.Errorf("mates %q, but by_check has %q with no reply", r.Mates, mates)
	}
}

// TestVerifyJSONFormat checks every line of every --json case.
func TestVerifyJSONFormat(t *testing.T) {
	n := 0
	for _, c := range verifyGoldenCases {
		if !strings.HasSuffix(c.golden, "_json") {
			continue
		}
		stdout, _, _ := runVerify(t, context.Background(), c.args, readFile(t, c.stdinFile))
		lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
		for _, line := range lines {
			checkVerifyJSONLine(t, line)
			n++
		}
	}
	// And more positions, one at a time and in a batch.
	more := []string{vValid, vNotUnique, vPromAmbig, vHandMatter, vFlags, vWhite, vIllegal,
		vTooMany, vNoKing, vChecked, vManyProbs, vStartpos,
		"sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"}
	for _, hand := range []string{"", "--as-given"} {
		for _, s := range more {
			if s == vIllegal || s == vTooMany || s == vNoKing || s == vManyProbs {
				continue // bad input alone: no JSON (the batch below has them)
			}
			args := []string{"verify", "--json", "--sfen", s}
			if hand != "" {
				args = append(args, hand)
			}
			stdout, _, _ := runVerify(t, context.Background(), args, "")
			if strings.Count(stdout, "\n") != 1 {
				t.Errorf("%s: want one line, got %q", s, stdout)
			}
			checkVerifyJSONLine(t, strings.TrimSuffix(stdout, "\n"))
			n++
		}
		batch := strings.Join(append(more, vMalformed, vTruncated, "  "+vValid+"\t"), "\n")
		args := []string{"verify", "--json", "--sfen", "-"}
		if hand != "" {
			args = append(args, hand)
		}
		stdout, _, _ := runVerify(t, context.Background(), args, batch)
		lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
		if len(lines) != len(more)+3 {
			t.Errorf("batch of %d lines gave %d results", len(more)+3, len(lines))
		}
		for i, line := range lines {
			checkVerifyJSONLine(t, line)
			var r report.Verdict
			json.Unmarshal([]byte(line), &r)
			if r.Line != i+1 {
				t.Errorf("result %d has line %d", i+1, r.Line)
			}
			n++
		}
	}
	if n < 40 {
		t.Errorf("checked only %d lines", n)
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	if name == "" {
		return ""
	}
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// runVerify runs args with stdin and returns standard output, standard
// error and the exit status.
func runVerify(t *testing.T, ctx context.Context, args []string, stdin string) (string, string, int) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Run(ctx, args, strings.NewReader(stdin), &stdout, &stderr)
	return stdout.String(), stderr.String(), code
}

func TestVerifyExitStatus(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		want  int
	}{
		{[]string{"--sfen", vValid}, "", ExitOK},
		{[]string{"--sfen", vValid, "--as-given"}, "", ExitOK},
		{[]string{"--sfen", vValid, "--json"}, "", ExitOK},
		{[]string{"--sfen", vFlags}, "", ExitOK},
		{[]string{"--sfen", vFlags}, "", ExitOK}, // leftover pieces and two kings are flags, not errors
		{[]string{"--sfen", "sfen " + vValid}, "", ExitOK},
		{[]string{"--sfen", vNotUnique}, "", ExitNo},
		{[]string{"--sfen", vPromAmbig}, "", ExitNo},
		{[]string{"--sfen", vHandMatter}, "", ExitNo},
		{[]string{"--sfen", vHandMatter, "--as-given"}, "", ExitOK},
		{[]string{"--sfen", vWhite}, "", ExitOK},         // the side to move attacks, White as well
		{[]string{"--sfen", vWhiteNoKng}, "", ExitError}, // no defender king: bad input, as for solve
		{[]string{"--sfen", vMate3}, "", ExitOK},
		{[]string{"--sfen", vMate3, "--length", "3"}, "", ExitOK},
		{[]string{"--sfen", vMate3, "--length", "5"}, "", ExitNo},
		{[]string{"--sfen", vMate3, "--length", "1"}, "", ExitNo},
		{[]string{"--sfen", vValid, "--length", "1"}, "", ExitOK},
		{[]string{"--sfen", vValid, "--length", "3"}, "", ExitNo},
		{[]string{"--sfen", vCooked7}, "", ExitNo},
		{[]string{"--sfen", vPawnDrop}, "", ExitNo},
		{[]string{"--sfen", vMate3, "--length", "0"}, "", ExitError},
		{[]string{"--sfen", vMate3, "--length", "-3"}, "", ExitError},
		{[]string{"--sfen", vMate3, "--time", "-1s"}, "", ExitError},
		{[]string{"--sfen", vMate3, "--hash", "0"}, "", ExitError},
		{[]string{"--sfen", "-"}, vValid + "\n" + vMate3 + "\n", ExitOK},
		{[]string{"--sfen", "-"}, vValid + "\n" + vMate3 + "\n", ExitOK},
		{[]string{"--sfen", vIllegal}, "", ExitError},           // bad input, as for every command
		{[]string{"--sfen", vIllegal, "--json"}, "", ExitError}, // bad input, as for every command
		{[]string{"--sfen", vTooMany}, "", ExitError},           // bad input, as for every command
		{[]string{"--sfen", vNoKing}, "", ExitError},            // bad input, as for solve
		{[]string{"--sfen", vChecked}, "", ExitNo},
		{[]string{"--sfen", vStartpos}, "", ExitNo},
		{[]string{"--sfen", vMalformed}, "", ExitError},
		{[]string{"--sfen", vMalformed, "--json"}, "", ExitError},
		{[]string{"--sfen", ""}, "", ExitError},
		{[]string{"--sfen", vTruncated}, "", ExitError},

		{[]string{"--sfen", "-"}, vValid + "\n" + vFlags + "\n", ExitOK},
		{[]string{"--sfen", "-"}, vValid + "\r\n\r\n#x\r\n" + vFlags, ExitOK}, // CRLF, no final newline
		{[]string{"--sfen", "-", "--json"}, vValid + "\n" + vNotUnique + "\n", ExitNo},
		{[]string{"--sfen", "-"}, vValid + "\n" + vMalformed + "\n", ExitNo},
		{[]string{"--sfen", "-", "--json"}, vMalformed + "\n" + vValid + "\n", ExitNo},
		{[]string{"--sfen", "-"}, "", ExitOK},
		{[]string{"--sfen", "-"}, "# nothing\n\n", ExitOK},
		{[]string{"--sfen", "-"}, strings.Repeat("x", 100_000) + "\n" + vValid + "\n", ExitNo}, // a long line is a bad SFEN
		{[]string{"--sfen", "-"}, vValid + "\n" + strings.Repeat("x", maxBatchLine+1) + "\n", ExitError},
		{[]string{"--batch", verifyGoldenDir + "/batch_valid.txt"}, "", ExitOK},
		{[]string{"--batch", verifyBatchInput}, "", ExitNo},
		{[]string{"--batch", verifyGoldenDir}, "", ExitError}, // a directory
		{[]string{"--batch", verifyGoldenDir + "/no-such-file.txt"}, "", ExitError},

		{nil, "", ExitError},
		{[]string{"--json"}, "", ExitError},
		{[]string{"--as-given"}, "", ExitError},
		{[]string{"--sfen", vValid, "--batch", verifyBatchInput}, "", ExitError},
		{[]string{"--sfen", "-", "--batch", verifyBatchInput}, "", ExitError},
		{[]string{"--sfen", vValid, "extra"}, "", ExitError},
		{[]string{"--batch", verifyBatchInput, "extra"}, "", ExitError},
		{[]string{"--sfen"}, "", ExitError},
		{[]string{"--json=maybe", "--sfen", vValid}, "", ExitError},
	}
	for _, c := range cases {
		args := append([]string{"verify"}, c.args...)
		stdout, stderr, code := runVerify(t, context.Background(), args, c.stdin)
		if code != c.want {
			t.Errorf("tsume %s (stdin %.40q): exit %d, want %d; stderr %q", strings.Join(args, " "), c.stdin, code, c.want, stderr)
		}
		batch := c.stdin != "" || strings.Contains(strings.Join(args, " "), "--batch") || strings.Contains(strings.Join(args, " "), "--sfen -")
		switch {
		case code == ExitError:
			if stdout != "" && !batch {
				t.Errorf("tsume %s: exit 2 with output %q", strings.Join(args, " "), stdout)
			}
			if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "tsume verify: ") {
				t.Errorf("tsume %s: stderr %q, want one line", strings.Join(args, " "), stderr)
			}
		case batch:
			if strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, " positions are valid problems") {
				t.Errorf("tsume %s: stderr %q, want the summary", strings.Join(args, " "), stderr)
			}
		default:
			if stderr != "" {
				t.Errorf("tsume %s: stderr %q, want nothing", strings.Join(args, " "), stderr)
			}
		}
	}
}

func TestVerifyInterrupted(t *testing.T) {
	// Cancelled before the first line.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"verify", "--sfen", "-"},
		{"verify", "--sfen", vValid},
		{"verify", "--batch", verifyBatchInput, "--json"},
	} {
		stdout, stderr, code := runVerify(t, ctx, args, vValid+"\n")
		if code != ExitInterrupted || stdout != "" || stderr != "tsume verify: interrupted\n" {
			t.Errorf("tsume %s: exit %d, stdout %q, stderr %q; want %d, nothing, interrupted",
				strings.Join(args, " "), code, stdout, stderr, ExitInterrupted)
		}
	}

	// Cancelled while the first result is written: that result is kept,
	// the next lines are not judged.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	out := &cancellingWriter{cancel: cancel}
	var stderr bytes.Buffer
	in := strings.Repeat(vValid+"\n", 5)
	code := Run(ctx, []string{"verify", "--json", "--sfen", "-"}, strings.NewReader(in), out, &stderr)
	if code != ExitInterrupted || stderr.String() != "tsume verify: interrupted\n" {
		t.Errorf("exit %d, stderr %q; want %d, interrupted", code, stderr.String(), ExitInterrupted)
	}
	if n := strings.Count(out.String(), "\n"); n != 1 {
		t.Errorf("%d results written, want 1:\n%s", n, out.String())
	}
}

// cancellingWriter cancels a context on the first write.
type cancellingWriter struct {
	bytes.Buffer
	cancel context.CancelFunc
}

func (w *cancellingWriter) Write(p []byte) (int, error) {
	w.cancel()
	return w.Buffer.Write(p)
}

// TestVerifyJSONMatchesText checks that the human and the JSON output of
// the batch input agree on the verdict and the mates of each position.
func TestVerifyJSONMatchesText(t *testing.T) {
	in := readFile(t, verifyBatchInput)
	text, _, code1 := runVerify(t, context.Background(), []string{"verify", "--sfen", "-"}, in)
	js, _, code2 := runVerify(t, context.Background(), []string{"verify", "--sfen", "-", "--json"}, in)
	if code1 != code2 {
		t.Errorf("exit %d without --json, %d with", code1, code2)
	}
	blocks := strings.Split(text, batchSeparator+"\n")
	lines := strings.Split(strings.TrimSuffix(js, "\n"), "\n")
	if len(blocks) != len(lines) {
		t.Fatalf("%d human results, %d JSON lines", len(blocks), len(lines))
	}
	for i, line := range lines {
		var r report.Verdict
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		b := blocks[i]
		if !strings.HasPrefix(b, "line "+strconv.Itoa(r.Line)+"\n") {
			t.Errorf("result %d: human block starts %.20q, JSON line %d", i, b, r.Line)
		}
		if strings.Contains(b, "\nVALID") != r.Valid || strings.Contains(b, "\nNOT VALID") == r.Valid {
			t.Errorf("result %d: valid %v in JSON, human:\n%s", i, r.Valid, b)
		}
		for _, e := range r.Errors {
			if !strings.Contains(b, "  - "+e+"\n") {
				t.Errorf("result %d: error %q missing from the human output", i, e)
			}
		}
		for j, m := range r.Mates {
			if !strings.Contains(b, m+"  "+r.MatesJA[j]) && !strings.Contains(b, m+"   "+r.MatesJA[j]) {
				t.Errorf("result %d: mate %s %s missing from the human output", i, m, r.MatesJA[j])
			}
		}
	}
}

// TestVerifyThemes: verify --json names the themes of the main line as
// solve --json does — of the unique mate of a mate-in-1, of the solution's
// line for a longer problem — and none when the mate in 1 is not unique.
func TestVerifyThemes(t *testing.T) {
	type found struct {
		Name string `json:"name"`
		Ply  int    `json:"ply"`
	}
	themes := func(args ...string) (top, solution []found) {
		t.Helper()
		stdout, stderr, _ := runVerify(t, context.Background(), append([]string{"verify", "--json"}, args...), "")
		var r struct {
			Themes   []found `json:"themes"`
			Solution *struct {
				Themes []found `json:"themes"`
			} `json:"solution"`
		}
		if err := json.Unmarshal([]byte(stdout), &r); err != nil {
			t.Fatalf("%v: %v\n%s%s", args, err, stdout, stderr)
		}
		if r.Solution != nil {
			solution = r.Solution.Themes
		}
		return r.Themes, solution
	}
	if top, _ := themes("--sfen", vValid); !reflect.DeepEqual(top, []found{{"head-gold", 1}}) {
		t.Errorf("mate in 1 by a gold in front of the king: themes %v, want head-gold at ply 1", top)
	}
	if top, _ := themes("--sfen", vNotUnique); len(top) != 0 {
		t.Errorf("two mates in 1: themes %v, want none", top)
	}
	top, sol := themes("--sfen", vMate3)
	if len(top) == 0 || !reflect.DeepEqual(top, sol) {
		t.Errorf("mate in 3: themes %v, the solution's %v; want the solution's, not empty", top, sol)
	}
	stdout, _, _ := runVerify(t, context.Background(), []string{"solve", "--json", "--sfen", vMate3}, "")
	var s struct {
		Themes []found `json:"themes"`
	}
	if err := json.Unmarshal([]byte(stdout), &s); err != nil || !reflect.DeepEqual(s.Themes, sol) {
		t.Errorf("solve --json gives themes %v (%v), verify %v", s.Themes, err, sol)
	}
}
