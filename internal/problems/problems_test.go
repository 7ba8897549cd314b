package problems

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	rows, err := Parse([]byte("# comment\nid\tplies\traw_plies\tstatus\tsfen\tline\n\n"+
		"a\t3\t5\tconfirmed\t4k4/9/9/9/9/9/9/9/9 b G 1\tG*5b 5a4a G*4b\r\n"+
		"b\t13\t-\tline-only\t9/9/9/9/9/9/9/9/4k4 b G 1\n"+
		"c\t0\t0\tnomate\t4k4/9/9/9/9/9/9/9/9 b G 1\t-\n"), "list.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("got %d rows", len(rows))
	}
	a, b, c := rows[0], rows[1], rows[2]
	if a.Line != 4 || a.ID != "a" || a.Plies != 3 || a.RawPlies != 5 || a.Status != "confirmed" || strings.Join(a.Moves, " ") != "G*5b 5a4a G*4b" {
		t.Errorf("row a: %+v", a)
	}
	if b.RawPlies != 0 || b.Moves != nil || b.Status != "line-only" {
		t.Errorf("row b (raw '-', no line column): %+v", b)
	}
	if c.Moves != nil {
		t.Errorf("row c (line '-'): %+v", c)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"a\t1\t1\n", "l.tsv:1: want at least 5 tab-separated columns"},
		{"# x\na\tone\t1\tconfirmed\tsfen\n", `l.tsv:2: bad plies "one"`},
		{"a\t1\t-2\tconfirmed\tsfen\n", `l.tsv:1: bad raw_plies "-2"`},
		{"a\t1\t1\tguessed\tsfen\n", `l.tsv:1: unknown status "guessed"`},
		{"# only a comment\n", "l.tsv: no problems"},
	} {
		_, err := Parse([]byte(c.data), "l.tsv")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q…", c.data, err, c.want)
		}
	}
}

func TestReadSFENs(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.sfen")
	if err := os.WriteFile(good, []byte("# corpus\n4k4/9/9/9/9/9/9/9/9 b G 1\n\n  8k/9/9/9/9/9/9/9/9 b R 1  \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ps, err := ReadSFENs(good)
	if err != nil || len(ps) != 2 || ps[1].SFEN() != "8k/9/9/9/9/9/9/9/9 b R 1" {
		t.Fatalf("got %d positions, %v", len(ps), err)
	}
	bad := filepath.Join(dir, "bad.sfen")
	if err := os.WriteFile(bad, []byte("4k4/9/9/9/9/9/9/9/9 b G 1\n4k4/9/9/9/9/9/9/9/9 x G 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSFENs(bad); err == nil || !strings.Contains(err.Error(), "bad.sfen:2:") {
		t.Errorf("error %v, want one naming bad.sfen:2", err)
	}
	if _, err := ReadSFENs(filepath.Join(dir, "missing")); err == nil {
		t.Error("no error for a missing file")
	}
}

// The classic problems shipped with the tests parse, each with its
// recorded line.
func TestClassicFile(t *testing.T) {
	rows, err := ReadFile("../../mate/testdata/classic-tsume.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if len(r.Moves) == 0 || r.Plies == 0 {
			t.Errorf("%s: %+v", r.ID, r)
		}
	}
}
