package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
	"github.com/tsume-shogi/tsume/verdict"
)

func verifyCommand() *command {
	return &command{
		name:    "verify",
		summary: "judge tsume problems of any length: validity, every mate or the solver's line, the verdict",
		args:    "(--sfen SFEN | --kif FILE | --ki2 FILE | --csa FILE | --file FILE [--ply N] | --sfen - | --batch FILE) [--length N] [--json] [--as-given] [--time 10s] [--hash 64] [--rules LIST]",
		help: `
Verify judges a position as a tsume problem; the attacker is the side to
move (Black or White), and by the tsume convention the defender holds
every remaining piece (--as-given: the hands as given). A position with a
mate in 1 is judged as a mate-in-1 problem, valid with exactly one
mating move: every mate in USI and Japanese, the pawn drops excluded as
打ち歩詰め, the flags, the composers' verdict and L/C/R_total with a row
per check. A longer one is solved as solve does (--time, --hash) and is
valid when the verdict is sound or sound with blemishes; --length N
states its length. --sfen - or --batch FILE judge one SFEN a line, and
the summary counts each kind (mate-in-1, longer, not-unique, unsound,
undecided, no-mate, wrong-length, not-a-problem). A fairy SFEN or
--rules judges a mate in 1 under fairy rules.

Exit status: 0 every position is a valid problem, 1 some is not (in a
batch, also a line that is no SFEN or no tsume position), 2 bad usage,
an unreadable file, or a single position that does not parse, is
illegal or has no defender's king, 130 interrupted.

More, with the JSON object and its error codes: docs/cli.md#verify.`,
		setup: setupVerify,
	}
}

// verifyOptions are the flags of verify that shape each result.
type verifyOptions struct {
	json bool
	hand mate.DefenderHand
	// length is the stated length (--length), 0 for none.
	length int
	// solve are the options of the solver and of the verdict, for a
	// position without a mate in 1.
	solve solveOptions
}

// The defaults of verify's --time and --hash. The time is solve's, per
// position: time for a long classic, and a batch of short problems is not
// slowed, since each takes only what it needs. The table is smaller than
// solve's (256 MB), the size of the verdict's own tables: it is made at
// the first problem longer than 1 ply, and a batch of short problems
// should not wait for a large one.
const (
	verifyDefaultTime   = 10 * time.Second
	verifyDefaultHashMB = 64
)

func setupVerify(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	in := addPositionFlags(fs)
	fs.Lookup("sfen").Usage = "the position, as `SFEN` (quote it: it has spaces); - reads one SFEN a line from standard input"
	batch := fs.String("batch", "", "read one SFEN a line from `FILE`")
	asJSON := fs.Bool("json", false, "print one JSON object a line")
	asGiven := fs.Bool("as-given", false, "keep the SFEN's hands instead of giving the defender every remaining piece")
	length := fs.Int("length", 0, "the stated length, `N` plies: a mate of another length is not valid")
	limit := durationFlag(fs, "time", verifyDefaultTime, "stop each search of a problem longer than 1 ply after this `duration` (0: no limit)")
	hash := fs.Int("hash", verifyDefaultHashMB, "the solver's transposition table size in `MB`, for problems longer than 1 ply")
	rules := fs.String("rules", "", rulesUsage)
	return func(ctx context.Context, e *env, args []string) error {
		const self = "verify"
		hasInput, hasBatch := in.given(), isSet(fs, "batch")
		switch {
		case len(args) > 0:
			return usageErrorf(self, "unexpected argument %q: verify takes only flags, and an SFEN must be quoted", args[0])
		case !hasInput && !hasBatch:
			return usageErrorf(self, "want --sfen SFEN, --sfen -, --batch FILE, or a record: --kif, --ki2, --csa or --file FILE")
		case hasInput && hasBatch:
			return usageErrorf(self, "want either %s or --batch, not both", in.names()[0])
		}
		_, errs := checkSearchFlags(*limit, *hash, "discount")
		if isSet(fs, "length") && (*length < 1 || *length%2 == 0) {
			errs = append(errs, fmt.Sprintf("bad --length %d: want an odd number of plies, 1 or more (the attacker makes the last move)", *length))
		}
		if len(errs) > 0 {
			return usageErrorf(self, "%s", strings.Join(errs, "; "))
		}
		if err := in.check(); err != nil {
			return err
		}
		batchMode := hasBatch || in.sfen == "-" && isSet(fs, "sfen")
		if batchMode && isSet(fs, "ply") {
			return usageErrorf(self, "--ply needs a record (--kif, --ki2, --csa or --file), not a batch")
		}
		opt := verifyOptions{json: *asJSON, hand: mate.Remaining, length: *length}
		if *asGiven {
			opt.hand = mate.AsGiven
		}
		opt.solve = solveOptions{
			json: opt.json,
			solver: mate.SolverOptions{
				HashMB: *hash, MaxTime: *limit, Futile: mate.Discount, DefenderHand: opt.hand,
			},
			verdictNodes: solveVerdictNodes,
		}
		// The fairy verify judges mate-in-1 problems only.
		fairyOnly := func() error {
			if n := countSet(fs, "length", "time", "hash"); n > 0 {
				return usageErrorf(self, "--length, --time and --hash are for standard positions: a fairy position is judged as a mate-in-1 problem")
			}
			return nil
		}
		var games []*record.Game
		if !batchMode {
			var err error
			if games, err = fairyRecords(e, in, *rules); err != nil {
				return err
			}
		}
		if (batchMode || games != nil) && isSet(fs, "rules") {
			r, err := parseRulesFlag(self, *rules)
			if err != nil {
				return err
			}
			if err := fairyOnly(); err != nil {
				return err
			}
			src := batchFile(*batch)
			switch {
			case games != nil:
				src = batchGames(games, in)
			case !hasBatch:
				src = batchStdin(e.stdin)
			}
			return verifyFairyBatch(ctx, e, src, r, opt)
		}
		if !batchMode {
			fp, ok, err := fairyInput(e, in, *rules)
			if err != nil {
				return err
			}
			if ok {
				if err := fairyOnly(); err != nil {
					return err
				}
				return verifyFairy(e, &fp, opt)
			}
		}
		vf := &verifier{e: e, opt: opt}
		switch {
		case !batchMode:
			if err := ctx.Err(); err != nil {
				return err
			}
			games, err := in.loadGames(e)
			if err != nil {
				return err
			}
			if len(games) > 1 {
				return vf.batch(ctx, batchGames(games, in))
			}
			p, err := in.positionOf(games[0])
			if err != nil {
				return err
			}
			return vf.one(ctx, p)
		case !hasBatch:
			return vf.batch(ctx, batchStdin(e.stdin))
		}
		return vf.batch(ctx, batchFile(*batch))
	}
}

// verifier judges positions as problems: by the mate-in-1 analysis, and
// for a position without a mate in 1 by the solver and the composers'
// verdict, as solve does.
type verifier struct {
	e   *env
	opt verifyOptions
	s   *mate.Solver // made at the first position without a mate in 1: its table is large
}

// verifyResult is the judgement of one position.
type verifyResult struct {
	v    *mate.Verdict
	view *report.Verdict
	// long is the solver's report, for a position without a mate in 1;
	// nil otherwise.
	long *solveReport
}

// judge judges p; line is its input line in a batch, else 0. An
// interrupted search gives what it found.
func (vf *verifier) judge(ctx context.Context, p *shogi.Position, line int) (*verifyResult, error) {
	v := mate.Verify1(p, vf.opt.hand)
	r := &verifyResult{v: v, view: report.NewVerdict(v)}
	r.view.Line = line
	if v.Legal && r.view.NeedsSolution() {
		if vf.s == nil {
			var err error
			if vf.s, err = newSolver(vf.e, "verify", vf.opt.solve.solver); err != nil {
				return nil, err
			}
		}
		sol, err := vf.s.Solve(ctx, p)
		if err != nil {
			return nil, err
		}
		long, err := newSolveReport(ctx, sol, vf.opt.solve, 0)
		if err != nil {
			return nil, err
		}
		long.interrupted = ctx.Err() != nil
		if long.view.Verdict == nil {
			// No mate (or none proven): the verdict says so.
			vd, err := verdict.Judge(ctx, sol, verdict.Options{Futile: vf.opt.solve.solver.Futile})
			if err != nil {
				return nil, err
			}
			long.verdict, long.view.Verdict = vd, report.NewAssessment(vd, &sol.Position)
		}
		r.long = long
		r.view.SetSolution(long.view, long.limitText())
	}
	if v.Legal && len(v.Analysis.Mates) == 1 {
		// A unique mate in 1 (sound, or with leftover pieces): the themes of
		// its one move, as solve gives those of a main line.
		found, err := theme.Find(ctx, p, v.Analysis.Mates, theme.Options{DefenderHand: vf.opt.hand})
		var le *theme.LineError
		switch {
		case err == nil:
			r.view.Themes = found
		case !errors.As(err, &le) && ctx.Err() == nil:
			return nil, err
		}
	}
	r.view.StateLength(vf.opt.length)
	return r, nil
}

// one judges the single position p. A position that is not a valid
// problem is a negative answer (exit 1); an illegal one, or one without
// the defender's king, bad input (exit 2), as for solve.
func (vf *verifier) one(ctx context.Context, p shogi.Position) error {
	r, err := vf.judge(ctx, &p, 0)
	if err != nil {
		return err
	}
	if msg := notATsumePosition(r.v); msg != "" {
		// Bad input, as for every command: one line says why.
		return &exitError{ExitError, msg}
	}
	w := bufio.NewWriter(vf.e.stdout)
	if vf.opt.json {
		err = report.WriteJSON(w, r.view)
	} else {
		writeVerifyText(w, r)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if !r.view.Valid {
		return &exitError{code: ExitNo}
	}
	return nil
}

// notATsumePosition returns why v's position is no tsume position at all,
// as solve says it, or "" when it is one: illegal, or without the
// defender's king.
func notATsumePosition(v *mate.Verdict) string {
	var msgs []string
	noKing := ""
	for _, pe := range v.Errors {
		switch pe.Code {
		case mate.IllegalPosition:
			msgs = append(msgs, pe.Msg)
		case mate.NoDefenderKing:
			noKing = pe.Msg
		}
	}
	switch {
	case !v.Legal:
		return "illegal position: " + strings.Join(msgs, "; ")
	case noKing != "":
		return "not a tsume position: " + noKing
	}
	return ""
}

// batch judges one SFEN a line of src.
func (vf *verifier) batch(ctx context.Context, src batchSource) error {
	b := newBatch(vf.e.stdout, vf.opt.json)
	kinds := map[string]int{}
	err := b.run(ctx, src, func(lineNo int, line string) error {
		p, perr := shogi.ParseSFEN(line)
		var r *verifyResult
		if perr == nil {
			var err error
			if r, err = vf.judge(ctx, &p, lineNo); err != nil {
				return err
			}
		}
		b.next()
		switch {
		case perr != nil && vf.opt.json:
			kinds[report.KindNotAProblem]++
			j := report.NewBadSFENVerdict(line, message(perr), vf.opt.hand)
			j.Line = lineNo
			j.StatedLength = vf.opt.length
			return report.WriteJSON(b.w, j)
		case perr != nil:
			kinds[report.KindNotAProblem]++
			writeBadSFENText(b.w, line, perr, lineNo)
			return nil
		}
		kinds[r.view.Kind]++
		if vf.opt.json {
			return report.WriteJSON(b.w, r.view)
		}
		writeVerifyText(b.w, r)
		return nil
	})
	if err != nil {
		return err
	}
	return b.summary(vf.e, "verify", kinds[report.KindMate1]+kinds[report.KindLonger], "valid problems"+kindCounts(kinds))
}

// kindCounts writes the counts of the kinds of a batch, those of the
// valid problems first: ": 2 mate-in-1, 1 longer; not valid: 1 no-mate".
func kindCounts(kinds map[string]int) string {
	var valid, invalid []string
	for _, k := range report.Kinds {
		if n := kinds[k]; n > 0 {
			if report.IsValidKind(k) {
				valid = append(valid, fmt.Sprintf("%d %s", n, k))
			} else {
				invalid = append(invalid, fmt.Sprintf("%d %s", n, k))
			}
		}
	}
	s := ""
	if valid != nil {
		s = ": " + strings.Join(valid, ", ")
	}
	if invalid != nil {
		if s == "" {
			s = ":"
		} else {
			s += ";"
		}
		s += " not valid: " + strings.Join(invalid, ", ")
	}
	return s
}

const (
	handRemainingText = "defender's hand: all remaining pieces (tsume convention; --as-given to use the SFEN's hands)"
	handAsGivenText   = "defender's hand: as given in the SFEN (--as-given)"
)

// writeVerifyText writes the human report of r.
func writeVerifyText(w *bufio.Writer, r *verifyResult) {
	v, j := r.v, r.view
	if j.Line > 0 {
		fmt.Fprintf(w, "line %d\n", j.Line)
	}
	fmt.Fprintf(w, "SFEN: %s\n", v.Position.SFEN())
	if v.DefenderHand == mate.AsGiven {
		w.WriteString(handAsGivenText + "\n")
	} else {
		w.WriteString(handRemainingText + "\n")
	}
	w.WriteString("\n")
	switch {
	case j.Valid && j.Kind == report.KindMate1:
		w.WriteString("VALID: a sound mate-in-1 problem\n")
	case j.Valid && j.Verdict.Overall == string(verdict.Blemished):
		fmt.Fprintf(w, "VALID: a mate-in-%d problem (%d手詰), sound with blemishes\n", j.Length, j.Length)
	case j.Valid:
		fmt.Fprintf(w, "VALID: a sound mate-in-%d problem (%d手詰)\n", j.Length, j.Length)
	default:
		w.WriteString("NOT VALID:\n")
		for _, e := range j.Errors {
			fmt.Fprintf(w, "  - %s\n", e)
		}
	}
	if !v.Legal {
		w.WriteString("\nno analysis: the position is illegal\n")
		return
	}
	w.WriteString("\n")
	if r.long != nil {
		w.WriteString("mating moves in 1: none; the solver's search follows\n")
		writeExcludedMates(w, j)
		r.long.writeResult(w)
		if r.long.sol.Status != mate.Mate {
			// No mate: the checks and the replies to each say why.
			writeMate1Stats(w, v)
		}
		return
	}
	writeMate1Text(w, v, j)
}

// writeExcludedMates writes the moves that would mate in 1 but that the
// rules forbid.
func writeExcludedMates(w *bufio.Writer, j *report.Verdict) {
	for _, x := range j.ExcludedMates {
		fmt.Fprintf(w, "  excluded: %s  %s  (%s, %s: not a legal move)\n", x.Move, x.MoveJA, x.Rule, x.RuleEN)
	}
}

// writeMate1Text writes the mate-in-1 analysis of v: the mates, the
// flags, the verdict and the statistics.
func writeMate1Text(w *bufio.Writer, v *mate.Verdict, j *report.Verdict) {
	q, a := &v.Position, &v.Analysis
	side := "black"
	if q.SideToMove() == shogi.White {
		side = "white"
	}
	switch n := len(a.Mates); {
	case n == 0:
		fmt.Fprintf(w, "mating moves (%s to move): none\n", side)
	case n == 1:
		fmt.Fprintf(w, "mating move (%s to move): unique\n", side)
	default:
		fmt.Fprintf(w, "mating moves (%s to move): %d, not unique\n", side, n)
	}
	mw := 0
	for _, m := range a.Mates {
		mw = max(mw, len(m.String()))
	}
	for _, m := range a.Mates {
		fmt.Fprintf(w, "  %-*s  %s\n", mw, m, report.JapaneseMove(q, m))
	}
	writeExcludedMates(w, j)

	var flags []string
	if v.Leftover {
		flags = append(flags, "leftover pieces (駒余り)")
	}
	if v.PromotionAmbiguous {
		flags = append(flags, "promotion-ambiguous (成/不成 both mate)")
	}
	if v.TwoKings {
		flags = append(flags, "two kings (the attacker has a king)")
	}
	if flags == nil {
		flags = []string{"none"}
	}
	fmt.Fprintf(w, "flags: %s\n", strings.Join(flags, ", "))
	if len(a.Mates) == 1 {
		writeThemes(w, j.Themes)
	}
	writeAssessment(w, j.Verdict)
	writeMate1Stats(w, v)
}

// writeMate1Stats writes the statistics of v: L, C, R_total and the
// replies to each check.
func writeMate1Stats(w *bufio.Writer, v *mate.Verdict) {
	q, a := &v.Position, &v.Analysis
	w.WriteString("\n")
	width := len(fmt.Sprint(max(a.Legal, a.Checks, a.Replies)))
	fmt.Fprintf(w, "L        %*d  legal moves\n", width, a.Legal)
	fmt.Fprintf(w, "C        %*d  checking moves\n", width, a.Checks)
	fmt.Fprintf(w, "R_total  %*d  replies to them\n", width, a.Replies)
	if a.Checks == 0 {
		return
	}

	// The Japanese move comes last: its width on a terminal varies (▲ is
	// one column or two), so nothing after it could stay aligned.
	w.WriteString("\n")
	w.WriteString("                     king   captures   interpositions\n")
	w.WriteString("    move   replies  moves   king other     move  drop\n")
	for _, st := range report.SortedChecks(a.ByCheck) {
		mark := " "
		if st.Replies == 0 {
			mark = "*"
		}
		fmt.Fprintf(w, "  %s %-5s  %7d  %5d   %4d %5d     %4d  %4d  %s\n",
			mark, st.Move, st.Replies, st.KingMoves, st.KingCaptures, st.OtherCaptures,
			st.InterpositionsMove, st.InterpositionsDrop, report.JapaneseMove(q, st.Move))
	}
	w.WriteString("  (* mates)\n")
}

// writeBadSFENText writes the human report of a batch line that is not an
// SFEN.
func writeBadSFENText(w *bufio.Writer, line string, err error, lineNo int) {
	fmt.Fprintf(w, "line %d\n", lineNo)
	fmt.Fprintf(w, "input: %s\n", line)
	w.WriteString("\nNOT VALID:\n")
	fmt.Fprintf(w, "  - %s\n", message(err))
}
