package problem

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

func readFile(path string) ([]byte, error) { return os.ReadFile(path) }

func TestReadSFENs(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.sfen")
	if err := os.WriteFile(good, []byte("# corpus\n4k4/9/9/9/9/9/9/9/9 b G 1\n\n  8k/9/9/9/9/9/9/9/9 b R 1  \n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ps, err := ReadSFENFile(good)
	if err != nil || len(ps) != 2 || ps[1].SFEN() != "8k/9/9/9/9/9/9/9/9 b R 1" {
		t.Fatalf("got %d positions, %v", len(ps), err)
	}
	_, err = ReadSFENs(strings.NewReader("4k4/9/9/9/9/9/9/9/9 b G 1\n4k4/9/9/9/9/9/9/9/9 x G 1\n"), "bad.sfen")
	var pe *ParseError
	var se *shogi.SyntaxError
	if !errors.As(err, &pe) || pe.Line != 2 || !strings.HasPrefix(err.Error(), "bad.sfen:2: sfen: ") || !errors.As(err, &se) {
		t.Errorf("error %v, want a *ParseError naming bad.sfen:2 around a *shogi.SyntaxError", err)
	}
	if _, err := ReadSFENFile(filepath.Join(dir, "missing")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: error %v", err)
	}
}
