package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// The analyze golden files live in testdata/analyze/, apart from the
// goldenCases of cli_test.go (see render_test.go for why);
// TestAnalyzeGoldenFilesUsed checks them.
const analyzeGoldenDir = "testdata/analyze"

// Inputs of the analyze cases.
const (
	aExample  = "../../examples/graphs/reachability-vs-forcibility.json"
	aInvalid  = analyzeGoldenDir + "/invalid.json"
	aSyntax   = analyzeGoldenDir + "/syntax.json"
	aDeadEnds = analyzeGoldenDir + "/dead_ends.json"
	aMate3    = "7gk/7L1/8S/9/9/9/9/9/9 b 2r2b3g3s4n3l18p 1" // mate in 3, White's hand already the remaining pieces
	aMate1    = "4k4/9/4S4/9/9/9/9/9/9 b G 1"                // G*5b, with the hands as given
	aNoMate   = "3lkl3/3p1p3/9/4p4/9/9/9/9/9 b L 1"          // no mate within 5 plies once White holds the rest
)

var analyzeGoldenCases = []goldenCase{
	{"help_analyze", []string{"help", "analyze"}, ""},
	{"help_analyze", []string{"analyze", "--help"}, ""},

	{"example", []string{"analyze", "--graph", aExample}, ""},
	{"example", []string{"analyze", "--graph", "-"}, aExample},
	{"example_json", []string{"analyze", "--graph", aExample, "--json"}, ""},
	{"example_json", []string{"analyze", "-json", "-graph=" + aExample}, ""},
	{"dead_ends", []string{"analyze", "--graph", aDeadEnds}, ""},
	{"dead_ends_json", []string{"analyze", "--graph", aDeadEnds, "--json"}, ""},
	{"err_invalid_graph", []string{"analyze", "--graph", aInvalid}, ""},
	{"err_invalid_graph", []string{"analyze", "--graph", aInvalid, "--json"}, ""},
	{"err_graph_syntax", []string{"analyze", "--graph", aSyntax}, ""},
	{"err_graph_missing", []string{"analyze", "--graph", analyzeGoldenDir + "/no-such-file.json"}, ""},
	{"err_graph_and_position", []string{"analyze", "--graph", aExample, "--sfen", aMate1}, ""},
	{"err_graph_plies", []string{"analyze", "--graph", aExample, "--plies", "3"}, ""},

	{"mate3", []string{"analyze", "--sfen", aMate3, "--plies", "5"}, ""},
	{"mate3_as_given", []string{"analyze", "--sfen", aMate3, "--plies", "5", "--as-given"}, ""},
	{"mate3_json", []string{"analyze", "--sfen", aMate3, "--plies", "3", "--json"}, ""},
	{"mate3_too_short", []string{"analyze", "--sfen", aMate3, "--plies", "2"}, ""},
	{"mate1_as_given", []string{"analyze", "--sfen", aMate1, "--plies", "3", "--as-given"}, ""},
	{"no_mate_json", []string{"analyze", "--sfen", aNoMate, "--plies", "5", "--json"}, ""},
	{"err_max_states", []string{"analyze", "--sfen", aMate3, "--plies", "5", "--max-states", "100"}, ""},
	{"err_no_input", []string{"analyze"}, ""},
	{"err_no_plies", []string{"analyze", "--sfen", aMate1}, ""},
	{"err_bad_plies", []string{"analyze", "--sfen", aMate1, "--plies", "0"}, ""},
	{"err_bad_max_states", []string{"analyze", "--sfen", aMate1, "--plies", "3", "--max-states", "0"}, ""},
	{"err_no_king", []string{"analyze", "--sfen", "9/9/4S4/9/9/9/9/9/9 b G 1", "--plies", "1", "--as-given"}, ""},
	{"err_bad_sfen", []string{"analyze", "--sfen", "4k4/9/4x4/9/9/9/9/9/9 b G 1", "--plies", "1"}, ""},
	{"err_argument", []string{"analyze", "--sfen", "4k4/9/4S4/9/9/9/9/9/9", "b", "G", "1"}, ""},
}

// analyzeTiming matches what differs from run to run: the timing line on
// standard error and time_ms in JSON.
var (
	analyzeTimingLine = regexp.MustCompile(`(?m)^time [0-9]+\.[0-9]{2}s \(graph [0-9]+\.[0-9]{2}s, fixed point [0-9]+\.[0-9]{2}s\), [0-9]+ states/s$`)
	analyzeTimeMS     = regexp.MustCompile(`"time_ms":[0-9]+`)
)

// hideAnalyzeTimes replaces the timings in a rendered result.
func hideAnalyzeTimes(got string) string {
	got = analyzeTimingLine.ReplaceAllString(got, "time <T>s (graph <T>s, fixed point <T>s), <R> states/s")
	return analyzeTimeMS.ReplaceAllString(got, `"time_ms":<T>`)
}

func TestAnalyzeGolden(t *testing.T) {
	testGoldenCases(t, analyzeGoldenDir, analyzeGoldenCases, hideAnalyzeTimes)
}

// TestAnalyzeGoldenFilesUsed catches analyze golden files no case writes.
func TestAnalyzeGoldenFilesUsed(t *testing.T) {
	testGoldenFilesUsed(t, analyzeGoldenDir, analyzeGoldenCases)
}

// TestAnalyzeErrors: a failing analyze writes one line to standard error
// and nothing to standard output, with exit status 2.
func TestAnalyzeErrors(t *testing.T) {
	testErrorCases(t, analyzeGoldenCases, "tsume analyze: ")
}

// TestAnalyzeExampleJSON reads the JSON report of the document's example
// back and checks the document's sets and ranks.
func TestAnalyzeExampleJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), []string{"analyze", "--graph", aExample, "--json"}, nil, &stdout, &stderr); code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var report struct {
		States []struct {
			Name      string  `json:"name"`
			Kind      string  `json:"kind"`
			Reachable bool    `json:"reachable"`
			Forced    bool    `json:"forced"`
			Rank      *int    `json:"rank"`
			Strategy  *string `json:"strategy"`
		} `json:"states"`
	}
	dec := json.NewDecoder(&stdout)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&report); err != nil {
		t.Fatal(err)
	}
	wantRank := map[string]int{"M": 0, "A1": 1, "A2": 1, "A5": 1, "D1": 2, "A0": 3}
	wantReach := map[string]bool{"A0": true, "D1": true, "A1": true, "A2": true, "D2": true, "A3": true, "A5": true, "M": true}
	if len(report.States) != 10 {
		t.Fatalf("%d states", len(report.States))
	}
	for _, s := range report.States {
		r, forced := wantRank[s.Name]
		if s.Forced != forced || forced != (s.Rank != nil) || forced && *s.Rank != r || s.Reachable != wantReach[s.Name] {
			t.Errorf("%+v: want forced %v rank %d reachable %v", s, forced, r, wantReach[s.Name])
		}
		if (s.Strategy != nil) != (s.Kind == "attacker" && forced) {
			t.Errorf("%s: strategy %v", s.Name, s.Strategy)
		}
	}
}

// TestAnalyzePositionJSON checks the fields of analyze --json for a
// position and that the default hand convention gives the defender the
// remaining pieces.
func TestAnalyzePositionJSON(t *testing.T) {
	run := func(args ...string) (int, map[string]any) {
		var stdout, stderr bytes.Buffer
		code := Run(context.Background(), append([]string{"analyze", "--json"}, args...), nil, &stdout, &stderr)
		var out map[string]any
		if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
			t.Fatalf("%v: %v; stderr %s", args, err, stderr.String())
		}
		return code, out
	}
	code, out := run("--sfen", aMate1, "--plies", "3", "--as-given")
	if code != ExitOK || out["forced"] != true || out["rank"] != 1.0 || out["defender_hand"] != "as-given" {
		t.Errorf("as given: exit %d, %v", code, out)
	}
	// By default White holds every remaining piece, which shows in the
	// SFEN; G*5b touches the king, so no interposition spoils the mate.
	code, out = run("--sfen", aMate1, "--plies", "3")
	if code != ExitOK || out["rank"] != 1.0 || !strings.Contains(out["sfen"].(string), "b G2r2b3g3s4n4l18p") {
		t.Errorf("remaining: exit %d, %v", code, out)
	}
	for _, key := range []string{"forced", "rank", "pv", "states", "edges", "time_ms"} {
		if _, ok := out[key]; !ok {
			t.Errorf("no %q in %v", key, out)
		}
	}
	code, out = run("--sfen", aNoMate, "--plies", "3")
	if code != ExitNo || out["forced"] != false || out["rank"] != nil || len(out["pv"].([]any)) != 0 {
		t.Errorf("no mate: exit %d, %v", code, out)
	}
}

func TestAnalyzeInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr bytes.Buffer
	code := Run(ctx, []string{"analyze", "--sfen", aMate3, "--plies", "5"}, nil, &stdout, &stderr)
	if code != ExitInterrupted || stdout.Len() != 0 || stderr.String() != "tsume analyze: interrupted\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}
