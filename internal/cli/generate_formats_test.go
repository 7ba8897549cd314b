package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/render/worksheet"
)

// TestGenerateFormatsReadBack: every format generate writes reads back,
// every record of a file of several, to the problem generate made (its
// position and, where the format carries it, its main line): through
// record.ReadRecords, through the command line's --sfen/--kif/--ki2/--csa
// and --file, and through bank import. (The issue: a CSA file of two
// problems did not read back, its comment lines being no CSA.)
func TestGenerateFormatsReadBack(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--length", "3", "--n", "3", "--seed", "7"}
	want, err := problem.ReadJSONL(strings.NewReader(mustRun(t, append([]string{"generate", "--format", "jsonl"}, args...)...)), "jsonl")
	if err != nil || len(want) != 3 {
		t.Fatalf("%d problems, %v", len(want), err)
	}
	flags := map[string]string{"sfen": "--sfen", "kif": "--kif", "ki2": "--ki2", "csa": "--csa"}
	for _, f := range []string{"sfen", "jsonl", "kif", "ki2", "csa"} {
		t.Run(f, func(t *testing.T) {
			file := filepath.Join(dir, "three."+f)
			mustRun(t, append([]string{"generate", "--format", f, "--out", file}, args...)...)
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if f == "csa" && (strings.Count(string(data), "V2.2\n") != 1 || strings.Count(string(data), "\n/\n") != len(want)-1 || strings.Contains(string(data), "\n#")) {
				t.Errorf("want one version line, a / line between records and no # line:\n%s", data)
			}
			var starts, lines []string
			if f == "jsonl" {
				got, err := problem.ReadJSONL(bytes.NewReader(data), file)
				if err != nil {
					t.Fatal(err)
				}
				for _, p := range got {
					starts = append(starts, p.Position.SFEN())
					lines = append(lines, worksheet.USILine(p.Line))
				}
			} else {
				games, err := record.ReadRecords(data)
				if err != nil {
					t.Fatalf("record.ReadRecords: %v\n%s", err, data)
				}
				for _, g := range games {
					starts = append(starts, g.Start.SFEN())
					lines = append(lines, worksheet.USILine(g.Moves))
				}
			}
			if len(starts) != len(want) {
				t.Fatalf("%d records read, want %d", len(starts), len(want))
			}
			for i, p := range want {
				if starts[i] != p.Position.SFEN() {
					t.Errorf("record %d: position %s, want %s", i+1, starts[i], p.Position.SFEN())
				}
				if wantLine := worksheet.USILine(p.Line); f != "sfen" && lines[i] != wantLine {
					t.Errorf("record %d: moves %q, want %q", i+1, lines[i], wantLine)
				}
			}

			// The command line reads every record, with the format's own
			// flag and with --file.
			inputs := [][]string{{"--file", file}}
			if fl, ok := flags[f]; ok && f != "sfen" {
				inputs = append(inputs, []string{fl, file})
			}
			for _, in := range inputs {
				if f == "jsonl" {
					break // generate's jsonl is for bank import, not a position input
				}
				code, out, errs := runCLI(append([]string{"solve", "--json"}, in...)...)
				if code != ExitOK {
					t.Fatalf("solve %s: exit %d: %s", strings.Join(in, " "), code, errs)
				}
				var got []string
				for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
					var r struct{ SFEN string }
					if err := json.Unmarshal([]byte(l), &r); err != nil {
						t.Fatalf("solve %s: %v: %s", strings.Join(in, " "), err, l)
					}
					got = append(got, r.SFEN)
				}
				if strings.Join(got, "\n") != strings.Join(starts, "\n") {
					t.Errorf("solve %s read\n%s\nwant\n%s", strings.Join(in, " "), strings.Join(got, "\n"), strings.Join(starts, "\n"))
				}
			}

			// bank import takes every record.
			db := filepath.Join(dir, f+".db")
			mustRun(t, "bank", "import", "--bank", db, file)
			exported := mustRun(t, "bank", "export", "--bank", db, "--format", "sfen")
			if got := strings.Fields(exported); len(got) != 4*len(want) {
				t.Errorf("bank export after importing %s: %q", f, exported)
			}
		})
	}
}

// TestBankImportRejectsForeignComments: a CSA file with a # line, as
// generate wrote before CSA comments started with ', is not CSA, for bank
// import as for every reader: an error naming the file and the line, and
// no bank entry.
func TestBankImportRejectsForeignComments(t *testing.T) {
	dir := t.TempDir()
	good := mustRun(t, "generate", "--length", "3", "--n", "2", "--seed", "7", "--format", "csa")
	old := strings.ReplaceAll(strings.ReplaceAll(good, "/\n", "\n"), "'---- tsume generate", "# ---- tsume generate")
	file := filepath.Join(dir, "old.csa")
	if err := os.WriteFile(file, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "b.db")
	mustRun(t, "bank", "init", "--bank", db)
	_, errs, code := runBankCLI(t, context.Background(), "", "bank", "import", "--bank", db, file)
	if code != ExitError || !strings.Contains(errs, file+":1: want a CSA statement") {
		t.Errorf("exit %d, stderr %q; want exit 2 and the file's line 1", code, errs)
	}
	if out := mustRun(t, "bank", "export", "--bank", db); out != "" {
		t.Errorf("the bank holds %q after a failed import", out)
	}
	code, _, errs = runCLI("solve", "--csa", file)
	if code != ExitError || !strings.Contains(errs, file+":1: want a CSA statement") {
		t.Errorf("solve --csa: exit %d, stderr %q", code, errs)
	}
}
