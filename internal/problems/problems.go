// Package problems reads the problem files tsume's tests and its bench
// share: problem lists in the tab-separated format of
// ../shared/testdata/classic-tsume.tsv, and corpora of one SFEN per line.
package problems

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// Statuses lists the values the status column may take.
const Statuses = "confirmed, confirmed-after-futile-rule, constructed, line-only or nomate"

// Row is one problem of a list: the columns id, plies (the length by the
// tsume convention), raw_plies (every interposition counted; 0 for "-"),
// status, sfen and, when present, the recorded main line in USI (empty
// for "-").
type Row struct {
	Line     int // 1-based line number in the file, for messages
	ID       string
	Plies    int
	RawPlies int
	Status   string
	SFEN     string
	Moves    []string
}

// Parse reads a problem list. Blank lines, lines starting with # and the
// header line starting with "id" are skipped; the main line column may be
// left out. Errors name the file (name) and the line. It does not parse
// the SFEN.
func Parse(data []byte, name string) ([]Row, error) {
	var out []Row
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "id\t") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 5 {
			return nil, fmt.Errorf("%s:%d: want at least 5 tab-separated columns (id, plies, raw_plies, status, sfen); got %d", name, n, len(f))
		}
		r := Row{Line: n, ID: f[0], Status: f[3], SFEN: f[4]}
		var err error
		if r.Plies, err = strconv.Atoi(f[1]); err != nil || r.Plies < 0 {
			return nil, fmt.Errorf("%s:%d: bad plies %q", name, n, f[1])
		}
		if f[2] != "-" {
			if r.RawPlies, err = strconv.Atoi(f[2]); err != nil || r.RawPlies < 0 {
				return nil, fmt.Errorf("%s:%d: bad raw_plies %q", name, n, f[2])
			}
		}
		switch r.Status {
		case "confirmed", "confirmed-after-futile-rule", "constructed", "line-only", "nomate":
		default:
			return nil, fmt.Errorf("%s:%d: unknown status %q: want %s", name, n, r.Status, Statuses)
		}
		if len(f) > 5 && f[5] != "-" {
			r.Moves = strings.Fields(f[5])
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no problems", name)
	}
	return out, nil
}

// ReadFile reads the problem list in the file path.
func ReadFile(path string) ([]Row, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(data, path)
}

// ReadSFENs reads the positions of a corpus file: one SFEN per line,
// blank lines and lines starting with # skipped.
func ReadSFENs(path string) ([]shogi.Position, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []shogi.Position
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := shogi.ParseSFEN(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		out = append(out, p)
	}
	return out, nil
}
