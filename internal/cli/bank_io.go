package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/gen/mate1"
	"github.com/tsume-shogi/tsume/gen/maten"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
	"github.com/tsume-shogi/tsume/verdict"
)

// bankBatch is how many problems import and generate --bank commit at a
// time: an interruption loses at most the batch being written.
const bankBatch = 1000

// bankSolver solves and judges positions for add and import, as solve
// does: the defender holds every remaining piece, futile interpositions
// are not counted, and the verdict judges the solution.
type bankSolver struct {
	limit        time.Duration
	nodes        uint64
	verdictNodes uint64
	s            *mate.Solver // made at the first position
	an           mate.Result
}

// solver returns the solver of bs, made at its first use.
func (bs *bankSolver) solver() (*mate.Solver, error) {
	if bs.s == nil {
		var err error
		bs.s, err = mate.NewSolver(mate.SolverOptions{HashMB: 64, MaxNodes: bs.nodes, MaxTime: bs.limit, Futile: mate.Discount})
		if err != nil {
			return nil, err
		}
	}
	return bs.s, nil
}

// found is the error of a solution sol that proves no mate, else nil.
func found(sol *mate.Solution) error {
	switch {
	case sol.Status == mate.NoMate:
		return errors.New("no mate")
	case sol.Status != mate.Mate || len(sol.PV) == 0:
		return errors.New("no mate found within the limits (--time, --nodes)")
	}
	return nil
}

// solve returns the problem of p: its main line, verdict, metrics and
// difficulty. A position without a proven mate is an error.
func (bs *bankSolver) solve(ctx context.Context, p *shogi.Position) (problem.Problem, error) {
	s, err := bs.solver()
	if err != nil {
		return problem.Problem{}, err
	}
	sol, err := s.Solve(ctx, p)
	if err != nil {
		return problem.Problem{}, err
	}
	if err := found(sol); err != nil {
		return problem.Problem{}, err
	}
	v, err := verdict.Judge(ctx, sol, verdict.Options{Futile: mate.Discount, MaxNodes: bs.verdictNodes})
	if err != nil {
		return problem.Problem{}, err
	}
	q := sol.Position
	pr := problem.Problem{
		Position: q, Stipulation: problem.MateIn(len(sol.PV)), Line: sol.PV,
		Verdict: string(v.Overall), Nodes: sol.Nodes,
	}
	pr.Metrics, pr.Difficulty = bs.metrics(&q, sol.PV, sol.Nodes)
	if len(sol.PV) > 1 {
		c := maten.Measure(&q, sol.PV)
		pr.Composer = &c
	}
	return pr, nil
}

// solveVariant is solve for a position of package variant under its
// rules (a condition, fairy pieces or royals): mate's variant solver and
// verdict.JudgeVariant, the metrics of mate.AnalyzeVariant, no
// difficulty score (gen/fairy's problems have none). The problem holds
// the position as Position when package shogi can, else as Variant.
func (bs *bankSolver) solveVariant(ctx context.Context, p *variant.Position) (problem.Problem, error) {
	s, err := bs.solver()
	if err != nil {
		return problem.Problem{}, err
	}
	sol, err := s.SolveVariant(ctx, p)
	if err != nil {
		return problem.Problem{}, err
	}
	if err := found(&sol.Solution); err != nil {
		return problem.Problem{}, err
	}
	v, err := verdict.JudgeVariant(ctx, sol, verdict.Options{Futile: mate.Discount, MaxNodes: bs.verdictNodes})
	if err != nil {
		return problem.Problem{}, err
	}
	q := sol.Position
	st := mate.AnalyzeVariant(&q)
	pr := problem.Problem{
		Rules: problem.RulesName(q.Rules()), Stipulation: problem.MateIn(len(sol.PV)), Line: sol.PV,
		Verdict: string(v.Overall), Nodes: sol.Nodes,
		Metrics: problem.Metrics{Legal: st.Legal, Checks: st.Checks, Replies: st.Replies},
	}
	for _, c := range st.ByCheck {
		if c.Move != sol.PV[0] && c.Replies > 0 && c.Replies <= 2 {
			pr.Metrics.Tempting++
		}
	}
	q.SetRules(nil)
	if sp, ok := q.Shogi(); ok {
		pr.Position = sp
	} else {
		pr.Variant = &q
	}
	return pr, nil
}

// metrics returns the metrics of p, whose main line is line, and its
// difficulty as the generators score it.
func (bs *bankSolver) metrics(p *shogi.Position, line []shogi.Move, nodes uint64) (problem.Metrics, float64) {
	mate.Analyze(p, &bs.an)
	m := problem.Metrics{Legal: bs.an.Legal, Checks: bs.an.Checks, Replies: bs.an.Replies}
	if len(line) == 1 {
		var d float64
		d, m.Tempting = mate1.DifficultyScore(p, &bs.an, line[0])
		return m, d
	}
	for _, st := range bs.an.ByCheck {
		if st.Move != line[0] && st.Replies > 0 && st.Replies <= 2 {
			m.Tempting++
		}
	}
	return m, maten.Difficulty(nodes, bs.an.Checks)
}

// solverFlags defines the search flags of add and import.
func solverFlags(fs *flag.FlagSet) *bankSolver {
	bs := new(bankSolver)
	bs.limit = 10 * time.Second
	fs.DurationVar(&bs.limit, "time", bs.limit, "stop each search after this `duration` (0: no limit)")
	fs.Uint64Var(&bs.nodes, "nodes", 0, "stop each search after `N` nodes (0: no limit)")
	fs.Uint64Var(&bs.verdictNodes, "verdict-nodes", 1_000_000, "limit each search of the verdict to `N` nodes (0: no limit)")
	return bs
}

func setupBankAdd(fs *flag.FlagSet, path *string) func(context.Context, *env, []string) error {
	sfen := fs.String("sfen", "", "the position `SFEN` (default: one SFEN a line on standard input)")
	rules := addRulesFlag(fs)
	bs := solverFlags(fs)
	return func(ctx context.Context, e *env, args []string) (err error) {
		if len(args) > 0 {
			return usageErrorf("bank", "add: unexpected argument %q: an SFEN must be quoted and given with --sfen", args[0])
		}
		r, err := parseRulesFlag("bank", *rules)
		if err != nil {
			return err
		}
		type input struct {
			where string
			sfen  string
		}
		var ins []input
		if isSet(fs, "sfen") {
			ins = append(ins, input{"--sfen", *sfen})
		} else {
			sc := bufio.NewScanner(e.stdin)
			for n := 1; sc.Scan(); n++ {
				if t := strings.TrimSpace(sc.Text()); t != "" && t[0] != '#' {
					ins = append(ins, input{"stdin:" + strconv.Itoa(n), t})
				}
			}
			if err := sc.Err(); err != nil {
				return inputError(err)
			}
		}
		b, err := openBank(ctx, "add", *path)
		if err != nil {
			return err
		}
		defer closeBank(b, &err)
		failed := 0
		for _, in := range ins {
			pos, err := parseLine(in.sfen, r)
			if err == nil && pos.fairy == nil {
				err = pos.std.Validate()
			}
			if err != nil {
				return &exitError{ExitError, in.where + ": " + message(err)}
			}
			var p problem.Problem
			if pos.fairy != nil {
				p, err = bs.solveVariant(ctx, pos.fairy)
			} else {
				p, err = bs.solve(ctx, &pos.std)
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err != nil {
				fmt.Fprintf(e.stderr, "%s: %s: %s\n", in.where, in.sfen, message(err))
				failed++
				continue
			}
			n, err := b.Add(ctx, p)
			if err != nil {
				return bankError(fmt.Errorf("%s: %w", in.where, err))
			}
			what := "added"
			if n == 0 {
				what = "duplicate"
			}
			fmt.Fprintf(e.stdout, "%s: %s mate in %d (%s): %s%s\n", what, p.SFEN(), p.Stipulation.Plies, p.Verdict, p.LineUSI(), fairyNote(&p))
		}
		if failed > 0 {
			return &exitError{ExitNo, fmt.Sprintf("%d of %d position%s without a mate found", failed, len(ins), plural(len(ins)))}
		}
		return nil
	}
}

func setupBankImport(fs *flag.FlagSet, path *string) func(context.Context, *env, []string) error {
	bs := solverFlags(fs)
	return func(ctx context.Context, e *env, args []string) (err error) {
		if len(args) == 0 {
			return usageErrorf("bank", "import: want the files to import")
		}
		b, err := openBank(ctx, "import", *path)
		if err != nil {
			return err
		}
		defer closeBank(b, &err)
		added, read := 0, 0
		for _, file := range args {
			ps, err := readProblems(ctx, file, bs)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return inputError(err)
			}
			for start := 0; start < len(ps); start += bankBatch {
				chunk := ps[start:min(start+bankBatch, len(ps))]
				n, err := b.Add(ctx, chunk...)
				if err != nil {
					return bankError(fmt.Errorf("%s: %w", file, err))
				}
				added += n
			}
			read += len(ps)
		}
		fmt.Fprintf(e.stderr, "%s: %d problem%s read, %d added, %d duplicate%s\n",
			*path, read, plural(read), added, read-added, plural(read-added))
		return nil
	}
}

// generatorComment is the comment generate writes before each KIF, KI2 or
// CSA record (see writeProblem): after # in KIF and KI2, after ' in CSA.
var generatorComment = regexp.MustCompile(`^(?:# |')---- tsume generate: problem (\d+) \(seed (\d+), (\S+)\) ----$`)

// fairyKIFKeys are the lines of a fairy problem's KIF record that a
// standard one has not (problemKIF): its stipulation, royals and rules.
var fairyKIFKeys = map[string]bool{"種類": true, "異王": true, "条件": true}

// readProblems reads the problems of a file generate wrote: JSON lines, or
// records of one of the formats record.ReadRecords reads. A record
// without moves (an SFEN) is solved and judged by bs; one with moves keeps
// them as its main line, and the provenance of generate's comment before
// it. Errors name the file and the line.
func readProblems(ctx context.Context, file string, bs *bankSolver) ([]problem.Problem, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return problem.ReadJSONL(bytes.NewReader(data), file)
	}
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if key, _, ok := strings.Cut(strings.TrimRight(l, "\r"), "："); ok && fairyKIFKeys[key] {
			return nil, fmt.Errorf("%s:%d: %s: the KIF record of a fairy problem cannot be imported: import its jsonl (bank export --format jsonl)", file, i+1, key+"：")
		}
	}
	games, err := record.ReadRecords(data)
	if err != nil {
		var pe *record.ParseError
		if errors.As(err, &pe) && pe.Line > 0 {
			return nil, fmt.Errorf("%s:%d: %s", file, pe.Line, message(err))
		}
		return nil, fmt.Errorf("%s: %s", file, message(err))
	}
	ps := make([]problem.Problem, 0, len(games))
	for _, g := range games {
		where := file + ":" + strconv.Itoa(g.Line)
		if len(g.Moves) == 0 {
			p, err := bs.solve(ctx, &g.Start)
			if err != nil {
				return nil, fmt.Errorf("%s: %s", where, message(err))
			}
			ps = append(ps, p)
			continue
		}
		if err := mate.VerifyLine(&g.Start, g.Moves, mate.Discount); err != nil {
			return nil, fmt.Errorf("%s: the record's moves are not a mate: %s", where, message(err))
		}
		p := problem.Problem{Position: g.Start, Stipulation: problem.MateIn(len(g.Moves)), Line: g.Moves}
		for i := g.Line - 1; i >= max(0, g.Line-3); i-- {
			if m := generatorComment.FindStringSubmatch(strings.TrimRight(lines[i], "\r")); m != nil {
				p.Provenance.Index, _ = strconv.Atoi(m[1])
				p.Provenance.Seed, _ = strconv.ParseUint(m[2], 10, 64)
				p.Provenance.Method = m[3]
				break
			}
		}
		ps = append(ps, p)
	}
	return ps, nil
}

func setupBankExport(fs *flag.FlagSet, path *string) func(context.Context, *env, []string) error {
	q := queryFlags(fs)
	format := fs.String("format", "sfen", "the output `format`: sfen, jsonl, kif, ki2, csa or svg")
	out := fs.String("out", "", "write to `FILE` instead of standard output (with --format svg: the directory, required)")
	svgText := fs.Bool("svg-text", false, "with --format svg: draw the pictures' characters as text in the installed fonts, not as outlines")
	return func(ctx context.Context, e *env, args []string) (err error) {
		if len(args) > 0 {
			return usageErrorf("bank", "export: unexpected argument %q", args[0])
		}
		if err := checkQuery(q); err != nil {
			return usageErrorf("bank", "export: %s", err)
		}
		switch *format {
		case "sfen", "jsonl", "kif", "ki2", "csa":
		case "svg":
			if *out == "" {
				return usageErrorf("bank", "export: --format svg needs --out DIR, the directory for the pictures and index.html")
			}
		default:
			return usageErrorf("bank", "export: unknown format %q: want sfen, jsonl, kif, ki2, csa or svg", *format)
		}
		b, err := readBank(ctx, "export", *path)
		if err != nil {
			return err
		}
		defer closeBank(b, &err)
		es, err := b.Query(ctx, *q)
		if err != nil {
			return bankError(err)
		}
		if *format == "svg" {
			sheet, err := newWorksheet(*out, *svgText)
			if err != nil {
				return &exitError{ExitError, err.Error()}
			}
			for i := range es {
				p := es[i].Problem
				if err := fairyFormat(&p, "svg"); err != nil {
					return &exitError{ExitError, fmt.Sprintf("problem %d: %v", es[i].ID, err)}
				}
				p.Provenance.Index = i // the worksheet numbers the problems 1, 2, …
				if err := sheet.add(ctx, &p); err != nil {
					return &exitError{ExitError, err.Error()}
				}
			}
			if err := sheet.writeIndex(); err != nil {
				return &exitError{ExitError, err.Error()}
			}
			fmt.Fprintf(e.stderr, "%s: %d problem%s\n", *out, len(es), plural(len(es)))
			return nil
		}
		var rec strings.Builder
		for i := range es {
			if err := writeProblem(&rec, &es[i].Problem, *format, i == 0); err != nil {
				return &exitError{ExitError, fmt.Sprintf("problem %d: %v", es[i].ID, err)}
			}
		}
		if *out == "" {
			_, err = e.stdout.Write([]byte(rec.String()))
			return err
		}
		if err := writeFileAtomic(*out, []byte(rec.String())); err != nil {
			return &exitError{ExitError, err.Error()}
		}
		return nil
	}
}

// fairyFormat refuses to write p in format when p is a fairy problem
// (problem.Problem.IsFairy: fairy rules, a stipulation other than mate,
// fairy pieces or royals) and the format cannot say so: only jsonl (its
// fields rules and stip, the fairy SFEN) and kif (problemKIF) hold them.
func fairyFormat(p *problem.Problem, format string) error {
	if format == "jsonl" || format == "kif" || !p.IsFairy() {
		return nil
	}
	rules := p.Rules
	if rules == "" {
		rules = problem.Standard
	}
	what := ""
	if p.Variant != nil {
		what = " on a board with fairy pieces or royals"
	}
	return fmt.Errorf("format %s cannot hold a problem under the rules %s with the stipulation %v%s: use jsonl or kif", format, rules, p.Stipulation.Goal, what)
}
