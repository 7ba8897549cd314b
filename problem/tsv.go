package problem

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// TSVHeader is the header line WriteTSV writes (without the newline).
const TSVHeader = "id\tplies\traw_plies\tstatus\tsfen\tline"

// ErrNoProblems is returned (in a *ParseError) for a list that holds no
// problem.
var ErrNoProblems = errors.New("no problems")

// ReadTSV reads a problem list: one problem a line in tab-separated
// columns id, plies (Stipulation.Plies), raw_plies ("-" when unknown),
// status (see Statuses), sfen and, optionally, the main line in USI
// ("-" or left out when there is none). Blank lines, lines starting with
// # and the header line starting with "id" are skipped. The SFEN is
// parsed and the main line checked move by move for legality. An error is
// a *ParseError naming name, the line and the column; a list without
// problems gives ErrNoProblems.
func ReadTSV(r io.Reader, name string) ([]Problem, error) {
	var out []Problem
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "id\t") {
			continue
		}
		p, field, err := parseTSVLine(line)
		if err != nil {
			return nil, &ParseError{File: name, Line: n, Field: field, Err: err}
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: name, Line: n + 1, Err: err}
	}
	if len(out) == 0 {
		return nil, &ParseError{File: name, Err: ErrNoProblems}
	}
	return out, nil
}

// ReadTSVFile reads the problem list in the file path (see ReadTSV).
func ReadTSVFile(path string) ([]Problem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadTSV(f, path)
}

// parseTSVLine reads one problem line; on error it names the column.
func parseTSVLine(line string) (p Problem, field string, err error) {
	f := strings.Split(line, "\t")
	if len(f) < 5 {
		return p, "", fmt.Errorf("want at least 5 tab-separated columns (id, plies, raw_plies, status, sfen); got %d", len(f))
	}
	if f[0] != "-" {
		p.ID = f[0]
	}
	plies, err := strconv.Atoi(f[1])
	if err != nil || plies < 0 {
		return p, "plies", fmt.Errorf("%q is not a number of plies", f[1])
	}
	p.Stipulation = MateIn(plies)
	if f[2] != "-" {
		if p.RawPlies, err = strconv.Atoi(f[2]); err != nil || p.RawPlies < 0 {
			return p, "raw_plies", fmt.Errorf("%q is not a number of plies or -", f[2])
		}
	}
	if p.Status, err = ParseStatus(f[3]); err != nil {
		return p, "status", err
	}
	if p.Position, err = shogi.ParseSFEN(f[4]); err != nil {
		if q := new(Problem); q.SetSFEN(f[4]) == nil {
			err = fmt.Errorf("%w: a problem list holds standard positions only", errFairyBoard)
		}
		return p, "sfen", err
	}
	if len(f) > 5 && f[5] != "-" {
		if p.Line, err = parseLine(&p.Position, strings.Fields(f[5])); err != nil {
			return p, "line", err
		}
	}
	return p, "", nil
}

// parseLine reads a main line in USI from start, checking each move.
func parseLine(start *shogi.Position, usi []string) ([]shogi.Move, error) {
	return readLine(*start, usi, (*shogi.Position).ParseUSIMove)
}

// linePosition is a position a main line is played on: a *shogi.Position
// or a *variant.Position.
type linePosition[P any] interface {
	*P
	DoMove(shogi.Move)
}

// readLine reads the moves usi from q, each parsed by parse and legal in
// turn; an error names the move by its number.
func readLine[P any, PP linePosition[P]](q P, usi []string, parse func(PP, string) (shogi.Move, error)) ([]shogi.Move, error) {
	if len(usi) == 0 {
		return nil, nil
	}
	line := make([]shogi.Move, len(usi))
	for i, s := range usi {
		m, err := parse(&q, s)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		line[i] = m
		PP(&q).DoMove(m)
	}
	return line, nil
}

// WriteTSV writes ps as a problem list that ReadTSV reads back: the header
// line, then one line per problem. An empty ID is written "-", and so is an
// unknown raw length, an unknown status and an empty main line. It returns
// an error, before writing anything, for an ID that a list cannot hold (a
// tab or a line break in it, a leading #, "id" or "-"); a list of no problems is
// written as the header alone.
func WriteTSV(w io.Writer, ps []Problem) error {
	for i := range ps {
		id := ps[i].ID
		if ps[i].Variant != nil {
			return fmt.Errorf("problem %d: sfen: %w: a problem list holds standard positions only", i+1, errFairyBoard)
		}
		if ps[i].Rules != "" || ps[i].Stipulation.Goal != Mate {
			return fmt.Errorf("problem %d: a problem list holds standard mate problems only, not %v under rules %q", i+1, ps[i].Stipulation, ps[i].Rules)
		}
		if strings.ContainsAny(id, "\t\r\n") || strings.HasPrefix(id, "#") || id == "id" || id == "-" {
			return fmt.Errorf("problem %d: ID %q cannot be written in a problem list", i+1, id)
		}
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(TSVHeader + "\n")
	var b []byte
	for i := range ps {
		b = appendTSVLine(b[:0], &ps[i])
		bw.Write(b)
	}
	return bw.Flush()
}

func appendTSVLine(b []byte, p *Problem) []byte {
	b = append(b, orDash(p.ID)...)
	b = append(b, '\t')
	b = strconv.AppendInt(b, int64(p.Stipulation.Plies), 10)
	b = append(b, '\t')
	if p.RawPlies == 0 {
		b = append(b, '-')
	} else {
		b = strconv.AppendInt(b, int64(p.RawPlies), 10)
	}
	b = append(b, '\t')
	b = append(b, p.Status.String()...)
	b = append(b, '\t')
	b = append(b, p.Position.SFEN()...)
	b = append(b, '\t')
	b = append(b, orDash(usiLine(p.Line))...)
	return append(b, '\n')
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// usiLine returns the moves in USI, separated by spaces.
func usiLine(line []shogi.Move) string {
	var b strings.Builder
	for i, m := range line {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(m.String())
	}
	return b.String()
}

// ReadSFENs reads a corpus of positions: one SFEN per line, blank lines and
// lines starting with # skipped. An error is a *ParseError naming name and
// the line.
func ReadSFENs(r io.Reader, name string) ([]shogi.Position, error) {
	var out []shogi.Position
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := shogi.ParseSFEN(line)
		if err != nil {
			return nil, &ParseError{File: name, Line: n, Field: "sfen", Err: err}
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: name, Line: n + 1, Err: err}
	}
	return out, nil
}

// ReadSFENFile reads the corpus in the file path (see ReadSFENs).
func ReadSFENFile(path string) ([]shogi.Position, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadSFENs(f, path)
}
