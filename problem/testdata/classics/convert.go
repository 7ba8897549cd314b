//go:build ignore

// Convert turns the extract of the Open Tsume records in open-tsume.tsv
// into the two files the repository reads: classics.tsv, a problem list
// (problem.ReadTSV), and notes.tsv, what the records say about each
// problem. Run it from this directory (go generate ./problem does):
//
//	go run convert.go
//
// Each recorded line is replayed move by move: a line with an illegal
// move, an attacker's move that does not check, or an end that is not
// mate is flagged in notes.tsv, never changed. A line that does not
// replay is kept in notes.tsv (kind "line") and left out of the list.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// record is one row of open-tsume.tsv: the fields taken from a record.
type record struct {
	source     string // the record's id, "zukou-001"
	sfen       string
	verified   bool   // status.solution_verified
	declared   int    // the length the reference KIF declares (参考KIFの申告手数)
	crosscheck string // the length of the record's solver crosscheck, "-" when none
	line       []string
	notes      []string
}

func main() {
	dir := flag.String("dir", ".", "the `directory` of the files")
	flag.Parse()
	if err := os.Chdir(*dir); err != nil {
		log.Fatal(err)
	}
	recs, err := readExtract("open-tsume.tsv")
	if err != nil {
		log.Fatal(err)
	}
	// The list is in the books' order: 将棋図巧 then 将棋無双, by number.
	sort.SliceStable(recs, func(i, j int) bool {
		ci, cj := strings.HasPrefix(recs[i].source, "musou"), strings.HasPrefix(recs[j].source, "musou")
		if ci != cj {
			return cj
		}
		return recs[i].source < recs[j].source
	})
	dfpn, err := readCoverage("solver-coverage.tsv", recs)
	if err != nil {
		log.Fatal(err)
	}
	list, notes := &strings.Builder{}, &strings.Builder{}
	list.WriteString(listHeader)
	notes.WriteString(notesHeader)
	for _, r := range recs {
		if err := convert(r, dfpn[r.source], list, notes); err != nil {
			log.Fatalf("%s: %v", r.source, err)
		}
	}
	if err := os.WriteFile("classics.tsv", []byte(list.String()), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("notes.tsv", []byte(notes.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}

const listHeader = `# 将棋図巧 (伊藤看寿, 1755) and 将棋無双 (三代伊藤宗看, 1734), all 200 problems: the
# works are public domain, the records come from the Open Tsume dataset
# (tokoroten/edo_era_tsume_shogi, CC0-1.0; see README.md here). Written by
# convert.go from open-tsume.tsv: do not edit.
# plies is the length of the recorded line (of the declared length where the
# line does not replay), never confirmed here: status line-only means the line
# is legal, every attacker's move checks and it ends in mate; "-" that it does
# not (notes.tsv says why).
id	plies	raw_plies	status	sfen	line
`

const notesHeader = `# What the Open Tsume records say about each problem of classics.tsv, and
# what convert.go found replaying its line. Written by convert.go: do not
# edit. kind: source (the record's id), declared (the length the record's
# reference KIF declares), verified (the record's status.solution_verified),
# crosscheck (the length of the record's solver crosscheck, YaneuraOu's mate
# engine, where the record gives one: a length, >=N for a bound from its depth
# sweeps, NOMATE), dfpn (the length the dataset's own df-pn solver proved,
# docs/solver-coverage.md, where it did), flag
# (line-illegal, line-no-check, line-not-mate, line-ends-futile: the line
# ends where the defender can only interpose pieces that are taken with mate
# at once, line-length: the line is not as long as the record declares,
# dataset-unverified), line (a
# recorded line that does not replay), note (the record's notes, verbatim).
id	kind	text
`

// readExtract reads open-tsume.tsv: id, sfen, verified, declared,
// crosscheck, line, notes (" | " between two notes).
func readExtract(path string) ([]record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []record
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 7 {
			return nil, fmt.Errorf("%s:%d: want 7 columns, got %d", path, n, len(c))
		}
		r := record{source: c[0], sfen: c[1], crosscheck: c[4], line: strings.Fields(c[5])}
		switch c[2] {
		case "true":
			r.verified = true
		case "false":
		default:
			return nil, fmt.Errorf("%s:%d: verified: %q is not true or false", path, n, c[2])
		}
		if r.declared, err = strconv.Atoi(c[3]); err != nil {
			return nil, fmt.Errorf("%s:%d: declared: %q is not a number", path, n, c[3])
		}
		if c[6] != "" {
			r.notes = strings.Split(c[6], " | ")
		}
		out = append(out, r)
	}
	return out, sc.Err()
}

// id names a record as the list does: zukou-007 is 図巧7, musou-038 無双38.
func id(source string) (string, error) {
	coll, num, ok := strings.Cut(source, "-")
	n, err := strconv.Atoi(num)
	if !ok || err != nil {
		return "", fmt.Errorf("bad record id %q", source)
	}
	switch coll {
	case "zukou":
		return "図巧" + strconv.Itoa(n), nil
	case "musou":
		return "無双" + strconv.Itoa(n), nil
	}
	return "", fmt.Errorf("bad record id %q", source)
}

// readCoverage reads solver-coverage.tsv: id, recorded length, validator,
// whole df-pn proof (a length or -), decomposed proof. It returns the
// proven lengths by record id, after checking that the file covers the
// records and agrees with them on the recorded length.
func readCoverage(path string, recs []record) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	declared := map[string]int{}
	for _, r := range recs {
		declared[r.source] = r.declared
	}
	out := map[string]string{}
	for n, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 5 {
			return nil, fmt.Errorf("%s:%d: want 5 columns, got %d", path, n+1, len(c))
		}
		d, ok := declared[c[0]]
		if !ok {
			return nil, fmt.Errorf("%s:%d: no record %q", path, n+1, c[0])
		}
		if strconv.Itoa(d) != c[1] {
			return nil, fmt.Errorf("%s:%d: %s: recorded length %s, the record declares %d", path, n+1, c[0], c[1], d)
		}
		out[c[0]] = c[3]
	}
	if len(out) != len(recs) {
		return nil, fmt.Errorf("%s: %d rows for %d records", path, len(out), len(recs))
	}
	return out, nil
}

func convert(r record, dfpn string, list, notes *strings.Builder) error {
	pid, err := id(r.source)
	if err != nil {
		return err
	}
	pos, err := shogi.ParseSFEN(r.sfen)
	if err != nil {
		return fmt.Errorf("sfen: %w", err)
	}
	note := func(kind, text string) { fmt.Fprintf(notes, "%s\t%s\t%s\n", pid, kind, text) }
	note("source", r.source)
	note("declared", strconv.Itoa(r.declared))
	note("verified", strconv.FormatBool(r.verified))
	if r.crosscheck != "-" {
		note("crosscheck", r.crosscheck)
	}
	if dfpn != "-" {
		note("dfpn", dfpn)
	}
	if !r.verified {
		note("flag", "dataset-unverified")
	}
	flag, replays := replay(&pos, r.line)
	if flag != "" {
		note("flag", flag)
	}
	if !replays {
		note("line", strings.Join(r.line, " "))
	}
	for _, n := range r.notes {
		note("note", n)
	}
	if replays && len(r.line) != r.declared {
		note("flag", fmt.Sprintf("line-length: %d plies, the record declares %d", len(r.line), r.declared))
	}
	plies, status, line := len(r.line), "line-only", strings.Join(r.line, " ")
	if flag != "" && !strings.HasPrefix(flag, "line-ends-futile") {
		status = "-"
	}
	if !replays {
		plies, line = r.declared, "-"
	}
	fmt.Fprintf(list, "%s\t%d\t-\t%s\t%s\t%s\n", pid, plies, status, r.sfen, line)
	return nil
}

// replay plays line from start. It returns the flag of the first fault
// ("" for none) and whether every move was legal.
func replay(start *shogi.Position, line []string) (flag string, legal bool) {
	if len(line) == 0 {
		return "line-illegal: no line", false
	}
	if len(line)%2 == 0 {
		flag = fmt.Sprintf("line-not-mate: %d plies, the attacker does not move last", len(line))
	}
	q := *start
	for i, s := range line {
		m, err := q.ParseUSIMove(s)
		if err != nil {
			var ie *shogi.IllegalMoveError
			if errors.As(err, &ie) {
				return fmt.Sprintf("line-illegal: move %d %s: %s", i+1, s, ie.Message()), false
			}
			return fmt.Sprintf("line-illegal: move %d %s: %v", i+1, s, err), false
		}
		q.DoMove(m)
		if i%2 == 0 && !q.InCheck() && flag == "" {
			flag = fmt.Sprintf("line-no-check: move %d %s does not check", i+1, s)
		}
	}
	if flag == "" && (!q.InCheck() || q.HasLegalMove()) {
		n := q.LegalMoveCount()
		if q.InCheck() && everyReplyMatedAtOnce(&q) {
			return fmt.Sprintf("line-ends-futile: the defender has %d legal moves after the last, each answered by a mate in 1", n), true
		}
		flag = fmt.Sprintf("line-not-mate: the defender has %d legal moves after the last", n)
	}
	return flag, true
}

// everyReplyMatedAtOnce reports whether every legal reply of the defender
// in p, in check, is answered by a check that mates.
func everyReplyMatedAtOnce(p *shogi.Position) bool {
	for _, r := range p.LegalMoves(nil) {
		q := *p
		q.DoMove(r)
		mated := false
		for _, c := range q.Checks(nil) {
			x := q
			x.DoMove(c)
			if !x.HasLegalMove() {
				mated = true
				break
			}
		}
		if !mated {
			return false
		}
	}
	return true
}
