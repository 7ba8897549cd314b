//go:build ignore

// Report writes the per-problem table of docs/classics-report.md
// from the answers scripts/classics-report.sh collected: for each of the
// 200 classics, the recorded line's length, what the dataset says, tsume's
// length (exact or a bound), its verdict and findings by ply, how its main
// line compares with the recorded one and whether it agrees with the
// dataset, with the nodes, the CPU seconds and the load of the run.
//
//	go run problem/testdata/classics/report.go -dir OUTDIR > OUTDIR/report.md
//
// A problem without an answer in OUTDIR is listed as not run. With
// -dir A,B (a second pass over some problems, say), each problem takes
// the answer that decides the most (exact or no mate, then the shortest
// bound, then unknown; the first directory's on a tie), and the column
// "pass" says which.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// answer is the part of `tsume solve --json` read here.
type answer struct {
	Status         string   `json:"status"`
	Length         int      `json:"length"`
	PV             []string `json:"pv"`
	Nodes          uint64   `json:"nodes"`
	TimeMS         int64    `json:"time_ms"`
	LengthExact    bool     `json:"length_exact"`
	Leftover       bool     `json:"leftover"`
	LeftoverPieces string   `json:"leftover_pieces"`
	Verdict        *struct {
		Overall  string    `json:"overall"`
		Reason   string    `json:"reason"`
		Findings []finding `json:"findings"`
	} `json:"verdict"`
}

// finding is one finding of the verdict.
type finding struct {
	Class     string `json:"class"`
	Severity  string `json:"severity"`
	Ply       int    `json:"ply"`
	MoveJA    string `json:"move_ja"`
	Length    int    `json:"length"`
	MainLen   int    `json:"main_length"`
	Bound     bool   `json:"bound"`
	Undecided bool   `json:"undecided"`
}

// problem is one row of classics.tsv with its notes and its run.
type problem struct {
	id, sfen   string
	plies      int
	line       []string
	crosscheck string // YaneuraOu's: a length, >=N or NOMATE
	dfpn       string // the dataset's df-pn length
	unverified bool
	endsFutile bool
	ans        *answer
	run        run
	interrupt  bool // the hard limit stopped it
	pass       int  // which of -dir's directories the answer is from, from 1
}

// run is what ID.run says of the run of one problem.
type run struct {
	start, end   string
	load0, load1 float64
	user, sys    float64
	wall         float64
	exit         int
	ok           bool
}

func main() {
	dir := flag.String("dir", "", "the directories of the answers (ID.json, ID.run), separated by commas")
	list := flag.String("list", "problem/testdata/classics/classics.tsv", "the problem list")
	notes := flag.String("notes", "problem/testdata/classics/notes.tsv", "the dataset's notes")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "usage: go run problem/testdata/classics/report.go -dir OUTDIR")
		os.Exit(2)
	}
	ps, err := readProblems(*list, *notes, *dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "classics-report:", err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	write(w, ps)
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "classics-report:", err)
		os.Exit(1)
	}
}

// readProblems reads the list, the notes and every answer of dir.
func readProblems(list, notes, dir string) ([]*problem, error) {
	rows, err := readTSV(list)
	if err != nil {
		return nil, err
	}
	var ps []*problem
	byID := map[string]*problem{}
	for i, r := range rows {
		if i == 0 || len(r) < 6 {
			continue // the header
		}
		n, err := strconv.Atoi(r[1])
		if err != nil {
			return nil, fmt.Errorf("%s: %s: bad plies %q", list, r[0], r[1])
		}
		p := &problem{id: r[0], plies: n, sfen: r[4], line: strings.Fields(r[5])}
		ps = append(ps, p)
		byID[p.id] = p
	}
	nrows, err := readTSV(notes)
	if err != nil {
		return nil, err
	}
	for _, r := range nrows {
		if len(r) < 3 || byID[r[0]] == nil {
			continue
		}
		p := byID[r[0]]
		switch r[1] {
		case "crosscheck":
			p.crosscheck = r[2]
		case "dfpn":
			p.dfpn = r[2]
		case "verified":
			p.unverified = r[2] == "false"
		case "flag":
			p.endsFutile = p.endsFutile || strings.HasPrefix(r[2], "line-ends-futile")
		}
	}
	for _, p := range ps {
		for i, d := range strings.Split(dir, ",") {
			q := &problem{id: p.id, plies: p.plies}
			if err := q.read(d); err != nil {
				return nil, err
			}
			if q.ans != nil && (p.ans == nil || q.decided() > p.decided()) {
				p.ans, p.run, p.interrupt, p.pass = q.ans, q.run, q.interrupt, i+1
			}
		}
	}
	return ps, nil
}

// read reads p's answer and run from dir, if it holds them.
func (p *problem) read(dir string) error {
	data, err := os.ReadFile(filepath.Join(dir, p.id+".json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil // solve failed: its error is in ID.err
	}
	var a answer
	if err := json.Unmarshal(data, &a); err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(dir, p.id+".json"), err)
	}
	p.ans = &a
	if p.run, err = readRun(filepath.Join(dir, p.id+".run")); err != nil {
		return err
	}
	p.interrupt = p.run.ok && p.run.exit == 124
	return nil
}

// decided ranks how much an answer decides: an exact length or no mate
// above a bound, a shorter bound above a longer one, a bound above
// unknown.
func (p *problem) decided() int {
	switch {
	case p.ans == nil:
		return 0
	case p.ans.Status == "nomate" || p.exact():
		return 1 << 20
	case p.ans.Status == "mate":
		return 1<<19 - p.ans.Length
	}
	return 1
}

// readTSV reads a tab-separated file, its comment lines left out.
func readTSV(name string) ([][]string, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var rows [][]string
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		rows = append(rows, strings.Split(l, "\t"))
	}
	return rows, nil
}

// readRun reads ID.run: "start T end T load L0 L1 cpu U S E exit N".
func readRun(name string) (run, error) {
	data, err := os.ReadFile(name)
	if errors.Is(err, os.ErrNotExist) {
		return run{}, nil
	}
	if err != nil {
		return run{}, err
	}
	f := strings.Fields(string(data))
	if len(f) != 13 || f[0] != "start" || f[4] != "load" || f[7] != "cpu" || f[11] != "exit" {
		return run{}, fmt.Errorf("%s: want \"start T end T load L L cpu U S E exit N\", got %q", name, strings.TrimSpace(string(data)))
	}
	var r run
	r.start, r.end = f[1], f[3]
	nums := []*float64{&r.load0, &r.load1, &r.user, &r.sys, &r.wall}
	for i, s := range []string{f[5], f[6], f[8], f[9], f[10]} {
		if *nums[i], err = strconv.ParseFloat(s, 64); err != nil {
			return run{}, fmt.Errorf("%s: bad number %q", name, s)
		}
	}
	if r.exit, err = strconv.Atoi(f[12]); err != nil {
		return run{}, fmt.Errorf("%s: bad exit status %q", name, f[12])
	}
	r.ok = true
	return r, nil
}

// result is tsume's answer in one word: a length, ≤N, 不詰, ? or "not run".
func (p *problem) result() string {
	switch {
	case p.ans == nil:
		return "not run"
	case p.ans.Status == "nomate":
		return "不詰"
	case p.ans.Status != "mate":
		return "?"
	case p.ans.LengthExact:
		return strconv.Itoa(p.ans.Length)
	}
	return "≤" + strconv.Itoa(p.ans.Length)
}

// exact reports whether tsume proved the length.
func (p *problem) exact() bool {
	return p.ans != nil && p.ans.Status == "mate" && p.ans.LengthExact
}

// verdict is the overall verdict, "-" without one.
func (p *problem) verdict() string {
	if p.ans == nil || p.ans.Verdict == nil {
		return "-"
	}
	return p.ans.Verdict.Overall
}

// findings lists the findings by ply, those of one class and ply together:
// "余詰 29 ×5 (3)" is five cooks at ply 29, each mating in 3 plies from
// there; "?" marks an undecided candidate, "≤" a bound.
func (p *problem) findings() string {
	if p.ans == nil || p.ans.Verdict == nil {
		return ""
	}
	type key struct {
		class string
		ply   int
		und   bool
	}
	var order []key
	count := map[key]int{}
	lengths := map[key][]string{}
	for _, f := range p.ans.Verdict.Findings {
		k := key{f.Class, f.Ply, f.Undecided}
		if count[k] == 0 {
			order = append(order, k)
		}
		count[k]++
		if f.Length > 0 && f.Class != "最終手余詰" && f.Class != "駒余り" {
			l := strconv.Itoa(f.Length)
			if f.Bound {
				l = "≤" + l
			}
			if !contains(lengths[k], l) {
				lengths[k] = append(lengths[k], l)
			}
		}
	}
	var out []string
	for _, k := range order {
		s := fmt.Sprintf("%s %d", k.class, k.ply)
		if k.und {
			s += "?"
		}
		if count[k] > 1 {
			s += fmt.Sprintf(" ×%d", count[k])
		}
		if len(lengths[k]) > 0 {
			s += " (" + strings.Join(lengths[k], ",") + ")"
		}
		out = append(out, s)
	}
	if p.ans.Leftover && !containsPrefix(out, "駒余り") {
		out = append(out, "駒余り "+p.ans.LeftoverPieces)
	}
	return strings.Join(out, "; ")
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func containsPrefix(xs []string, prefix string) bool {
	for _, y := range xs {
		if strings.HasPrefix(y, prefix) {
			return true
		}
	}
	return false
}

// vsRecord compares tsume's main line with the recorded one: the
// difference of their lengths (only where tsume's is exact) and the first
// ply where they differ.
func (p *problem) vsRecord() string {
	if p.ans == nil || p.ans.Status != "mate" || len(p.ans.PV) == 0 {
		return ""
	}
	first := 0
	for i := 0; i < len(p.ans.PV) || i < len(p.line); i++ {
		if i >= len(p.ans.PV) || i >= len(p.line) || p.ans.PV[i] != p.line[i] {
			first = i + 1
			break
		}
	}
	var s string
	switch d := p.ans.Length - p.plies; {
	case !p.ans.LengthExact:
		s = "bound"
	case d == 0:
		s = "="
	case d > 0:
		s = fmt.Sprintf("+%d", d)
	default:
		s = fmt.Sprintf("−%d", -d)
	}
	if first == 0 {
		return s + ", the same line"
	}
	return fmt.Sprintf("%s, from ply %d", s, first)
}

// vsDataset compares tsume's answer with the dataset's claims: YaneuraOu's
// crosscheck (YO) and the dataset's df-pn, both counting every
// interposition, so that "<" is expected where tsume discounts a futile
// one.
func (p *problem) vsDataset() string {
	if p.crosscheck == "" && p.dfpn == "" {
		return ""
	}
	if p.ans == nil {
		return ""
	}
	var out []string
	cmp := func(name, claim string) {
		switch {
		case claim == "":
		case claim == "NOMATE":
			switch p.ans.Status {
			case "nomate":
				out = append(out, "agrees (不詰)")
			case "mate":
				out = append(out, "DISAGREES: tsume mates, "+name+" NOMATE")
			default:
				out = append(out, "undecided")
			}
		case strings.HasPrefix(claim, ">="):
			n, _ := strconv.Atoi(claim[2:])
			switch {
			case p.exact() && p.ans.Length >= n:
				out = append(out, fmt.Sprintf("agrees (%d ≥ %d)", p.ans.Length, n))
			case p.exact():
				out = append(out, fmt.Sprintf("DISAGREES: %d < %s %s", p.ans.Length, name, claim))
			default:
				out = append(out, "undecided")
			}
		default:
			n, _ := strconv.Atoi(claim)
			switch {
			case p.ans.Status == "nomate":
				out = append(out, "DISAGREES: 不詰, "+name+" "+claim)
			case !p.exact():
				out = append(out, "undecided")
			case p.ans.Length == n:
				out = append(out, "= "+name)
			case p.ans.Length < n:
				out = append(out, "< "+name)
			default:
				out = append(out, "> "+name)
			}
		}
	}
	cmp("YO", p.crosscheck)
	cmp("df-pn", p.dfpn)
	if len(out) == 2 && out[0] == "undecided" && out[1] == "undecided" {
		out = out[:1]
	}
	return strings.Join(out, "; ")
}

// dataset is what the dataset says, in the report's words.
func (p *problem) dataset() string {
	var out []string
	if p.crosscheck != "" {
		out = append(out, "YO "+p.crosscheck)
	}
	if p.dfpn != "" {
		out = append(out, "df-pn "+p.dfpn)
	}
	if p.unverified {
		out = append(out, "unverified")
	}
	if p.endsFutile {
		out = append(out, "ends futile")
	}
	return strings.Join(out, ", ")
}

// limitNote says which limit stopped a problem that is not decided.
func (p *problem) limitNote() string {
	switch {
	case p.ans == nil:
		return ""
	case p.interrupt:
		return "hard limit"
	case p.ans.Status == "unknown" || p.ans.Status == "mate" && !p.ans.LengthExact:
		return "limit"
	case p.ans.Verdict != nil && p.ans.Verdict.Overall == "undecided":
		return "verdict limit"
	}
	return ""
}

func write(w io.Writer, ps []*problem) {
	counts := map[string]int{}
	verdicts := map[string]int{}
	classes := map[string]int{}
	agree := map[string]int{}
	var cpu, loadMin, loadMax float64
	loadMin = 1e9
	for _, p := range ps {
		switch r := p.result(); {
		case r == "not run":
			counts["not run"]++
		case r == "不詰":
			counts["no mate"]++
		case r == "?":
			counts["unknown"]++
		case strings.HasPrefix(r, "≤"):
			counts["bound"]++
		default:
			counts["exact"]++
		}
		if p.ans != nil && p.ans.Status == "mate" {
			verdicts[p.verdict()]++
		}
		if p.ans != nil && p.ans.Verdict != nil {
			seen := map[string]bool{}
			for _, f := range p.ans.Verdict.Findings {
				c := f.Class
				if f.Undecided {
					c += " (undecided)"
				}
				if !seen[c] {
					seen[c] = true
					classes[c]++
				}
			}
		}
		if p.exact() {
			switch d := p.ans.Length - p.plies; {
			case d == 0:
				agree["= record"]++
			case d > 0:
				agree["longer than the record"]++
			default:
				agree["shorter than the record"]++
			}
		}
		if p.run.ok {
			cpu += p.run.user + p.run.sys
			for _, l := range []float64{p.run.load0, p.run.load1} {
				loadMin, loadMax = min(loadMin, l), max(loadMax, l)
			}
		}
	}
	fmt.Fprintf(w, "Results: %d exact, %d bounds, %d no mate, %d unknown, %d not run; %.0f s of CPU for the answers shown, load average %.1f–%.1f.\n\n",
		counts["exact"], counts["bound"], counts["no mate"], counts["unknown"], counts["not run"], cpu, loadMin, loadMax)
	fmt.Fprintf(w, "Exact lengths against the record: %d equal, %d longer (a longer defence), %d shorter (a shorter mate or a futile interposition discounted).\n\n",
		agree["= record"], agree["longer than the record"], agree["shorter than the record"])
	fmt.Fprintf(w, "Verdicts of the %d mates: %s.\n\n", sumMap(verdicts), joinCounts(verdicts))
	fmt.Fprintf(w, "Problems with each class of finding: %s.\n\n", joinCounts(classes))
	limits := map[string][]string{}
	for _, p := range ps {
		if l := p.limitNote(); l != "" {
			limits[l] = append(limits[l], p.id)
		}
	}
	for _, l := range []string{"limit", "hard limit", "verdict limit"} {
		if len(limits[l]) > 0 {
			fmt.Fprintf(w, "Stopped by the %s (%d): %s.\n\n", l, len(limits[l]), strings.Join(limits[l], ", "))
		}
	}
	fmt.Fprintln(w, "| id | recorded | dataset | tsume | verdict | findings by ply | vs record | vs dataset | nodes | CPU s | load | limit | pass |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
	for _, p := range ps {
		nodes, cpuS, load := "", "", ""
		if p.ans != nil {
			nodes = commas(p.ans.Nodes)
		}
		if p.run.ok {
			cpuS = fmt.Sprintf("%.1f", p.run.user+p.run.sys)
			load = fmt.Sprintf("%.1f", (p.run.load0+p.run.load1)/2)
		}
		pass := ""
		if p.pass > 0 {
			pass = strconv.Itoa(p.pass)
		}
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			p.id, p.plies, p.dataset(), p.result(), p.verdict(), p.findings(), p.vsRecord(), p.vsDataset(), nodes, cpuS, load, p.limitNote(), pass)
	}
}

func sumMap(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// joinCounts writes a map of counts as "k n, …", the largest first.
func joinCounts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

// commas writes n with thousands separators.
func commas(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
