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
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
	"github.com/tsume-shogi/tsume/variant"
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
--rules judges the problem under fairy rules, the same way.

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
	rulesFlag := addRulesFlag(fs)
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
		rules, err := parseRulesFlag(self, *rulesFlag)
		if err != nil {
			return err
		}
		vf := &verifier{opt: opt, rules: rules, solver: problemSolver{e: e, name: self, opt: opt.solve}}
		switch {
		case hasBatch:
			return vf.batch(ctx, batchFile(*batch))
		case batchMode:
			return vf.batch(ctx, batchStdin(e.stdin))
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		games, p, err := readPositions(e, in, *rulesFlag)
		switch {
		case err != nil:
			return err
		case len(games) > 1:
			return vf.batch(ctx, batchGames(games, in))
		}
		return vf.one(ctx, &p)
	}
}

// verifier judges positions as problems, standard and fairy alike: by
// the mate-in-1 analysis, and for a position without a mate in 1 by the
// solver and the composers' verdict, as solve does.
type verifier struct {
	opt    verifyOptions
	rules  *variant.Rules // each position of a batch is read under them
	solver problemSolver
}

// verifyResult is the judgement of one position.
type verifyResult struct {
	view *report.Verdict
	// legal is false for an illegal position, which has no analysis.
	legal    bool
	attacker shogi.Color
	hand     mate.DefenderHand
	fairy    bool
	// notAProblem says why the position is no tsume position at all (""
	// when it is one): illegal, or without the defender's king.
	notAProblem string
	// long is the solver's report, for a position without a mate in 1;
	// nil otherwise.
	long *solveReport
	// mates are the mates in 1 of the position, standard or fairy.
	mates []shogi.Move
}

// judge judges p; line is its input line in a batch, else 0. An
// interrupted search gives what it found.
func (vf *verifier) judge(ctx context.Context, p *rulesPosition, line int) (*verifyResult, error) {
	r, err := vf.mate1(p)
	if err != nil {
		return nil, err
	}
	r.view.Line = line
	if r.legal && r.view.NeedsSolution() {
		long, err := vf.solver.solve(ctx, p, 0)
		if err != nil {
			return nil, err
		}
		if long.view.Verdict == nil {
			// No mate (or none proven): the verdict says so.
			if long.view.Verdict, err = long.assess(ctx, verdict.Options{Futile: vf.opt.solve.solver.Futile}); err != nil {
				return nil, err
			}
		}
		r.long = long
		r.view.SetSolution(long.view, long.limitText())
	}
	if r.legal && len(r.mates) == 1 {
		// A unique mate in 1 (sound, or with leftover pieces): the themes of
		// its one move, as solve gives those of a main line.
		var found []theme.Found
		if p.fairy != nil {
			found, err = theme.FindVariant(ctx, p.fairy, r.mates, theme.Options{DefenderHand: vf.opt.hand})
		} else {
			found, err = theme.Find(ctx, &p.std, r.mates, theme.Options{DefenderHand: vf.opt.hand})
		}
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

// mate1 judges p, standard or fairy, as a mate-in-1 problem.
func (vf *verifier) mate1(p *rulesPosition) (*verifyResult, error) {
	if p.fairy == nil {
		v := mate.Verify1(&p.std, vf.opt.hand)
		return &verifyResult{view: report.NewVerdict(v), legal: v.Legal, attacker: p.std.SideToMove(), hand: vf.opt.hand,
			notAProblem: notATsumePosition(v), mates: v.Analysis.Mates}, nil
	}
	r := &verifyResult{legal: true, attacker: p.fairy.SideToMove(), hand: vf.opt.hand, fairy: true}
	v, err := mate.Verify1Variant(p.fairy, vf.opt.hand)
	var npe *mate.NotAProblemError
	switch {
	case errors.As(err, &npe):
		r.view, r.legal, r.notAProblem = report.NewBadSFENVerdict(p.sfen(), npe.Msg, vf.opt.hand), false, npe.Msg
		r.view.ErrorCodes[0] = string(mate.IllegalPosition)
	case err != nil:
		return nil, err
	default:
		r.view, r.mates = report.NewFairyVerdict(v, vf.opt.hand), v.Mates
		if r.view.Kind == report.KindNotAProblem {
			r.notAProblem = "not a tsume position: " + strings.Join(r.view.Errors, "; ")
		}
	}
	return r, nil
}

// one judges the single position p. A position that is not a valid
// problem is a negative answer (exit 1); an illegal one, or one without
// the defender's king, bad input (exit 2), as for solve.
func (vf *verifier) one(ctx context.Context, p *rulesPosition) error {
	r, err := vf.judge(ctx, p, 0)
	if err != nil {
		return err
	}
	if r.notAProblem != "" {
		// Bad input, as for every command: one line says why.
		return &exitError{ExitError, r.notAProblem}
	}
	w := bufio.NewWriter(vf.solver.e.stdout)
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
	b := newBatch(vf.solver.e.stdout, vf.opt.json)
	kinds := map[string]int{}
	err := b.run(ctx, src, func(lineNo int, line string) error {
		p, perr := parseLine(line, vf.rules)
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
			if errors.As(perr, new(*illegalFairyError)) {
				j.ErrorCodes[0] = string(mate.IllegalPosition)
			}
			if vf.rules != nil || isFairySFEN(line) {
				j.Rules = report.RulesName(vf.rules)
			}
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
	return b.summary(vf.solver.e, "verify", kinds[report.KindMate1]+kinds[report.KindLonger], "valid problems"+kindCounts(kinds))
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

// writeVerifyText writes the human report of r.
func writeVerifyText(w *bufio.Writer, r *verifyResult) {
	j := r.view
	if j.Line > 0 {
		fmt.Fprintf(w, "line %d\n", j.Line)
	}
	fmt.Fprintf(w, "SFEN: %s\n", j.SFEN)
	if j.Rules != "" {
		fmt.Fprintf(w, "rules: %s\n", j.Rules)
	}
	w.WriteString(handText(r.hand, r.fairy) + "\n")
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
	if !r.legal {
		w.WriteString("\nno analysis: the position is illegal\n")
		return
	}
	w.WriteString("\n")
	if r.long != nil {
		w.WriteString("mating moves in 1: none; the solver's search follows\n")
		writeExcludedMates(w, j)
		r.long.writeResult(w)
		if r.long.view.Status != mate.Mate.String() {
			// No mate: the checks and the replies to each say why.
			writeMate1Stats(w, r)
		}
		return
	}
	writeMate1Text(w, r)
}

// writeExcludedMates writes the moves that would mate in 1 but that the
// rules forbid.
func writeExcludedMates(w *bufio.Writer, j *report.Verdict) {
	for _, x := range j.ExcludedMates {
		fmt.Fprintf(w, "  excluded: %s  %s  (%s, %s: not a legal move)\n", x.Move, x.MoveJA, x.Rule, x.RuleEN)
	}
}

// writeMate1Text writes the mate-in-1 analysis of r: the mates, the
// flags, the verdict and the statistics.
func writeMate1Text(w *bufio.Writer, r *verifyResult) {
	j := r.view
	switch n := len(j.Mates); {
	case n == 0:
		fmt.Fprintf(w, "mating moves (%s to move): none\n", colorWord(r.attacker))
	case n == 1:
		fmt.Fprintf(w, "mating move (%s to move): unique\n", colorWord(r.attacker))
	default:
		fmt.Fprintf(w, "mating moves (%s to move): %d, not unique\n", colorWord(r.attacker), n)
	}
	mw := 0
	for _, m := range j.Mates {
		mw = max(mw, len(m))
	}
	for i, m := range j.Mates {
		fmt.Fprintf(w, "  %-*s  %s\n", mw, m, j.MatesJA[i])
	}
	writeExcludedMates(w, j)

	var flags []string
	if j.Leftover {
		flags = append(flags, "leftover pieces (駒余り)")
	}
	if j.PromotionAmbiguous {
		flags = append(flags, "promotion-ambiguous (成/不成 both mate)")
	}
	if j.TwoKings {
		flags = append(flags, "two kings (the attacker has a king)")
	}
	if flags == nil {
		flags = []string{"none"}
	}
	fmt.Fprintf(w, "flags: %s\n", strings.Join(flags, ", "))
	if len(j.Mates) == 1 {
		writeThemes(w, j.Themes)
	}
	if j.Verdict != nil {
		writeAssessment(w, j.Verdict)
	}
	writeMate1Stats(w, r)
}

// writeMate1Stats writes the statistics of r: L, C, R_total and the
// replies to each check; a fairy position's with its royals for the
// king and one more column, the replies of no standard kind.
func writeMate1Stats(w *bufio.Writer, r *verifyResult) {
	m := &r.view.Metrics
	w.WriteString("\n")
	width := len(fmt.Sprint(max(m.Legal, m.Checks, m.Replies)))
	fmt.Fprintf(w, "L        %*d  legal moves\n", width, m.Legal)
	fmt.Fprintf(w, "C        %*d  checking moves\n", width, m.Checks)
	fmt.Fprintf(w, "R_total  %*d  replies to them\n", width, m.Replies)
	if m.Checks == 0 {
		return
	}

	// The move column is as wide as the longest move ((GH)*5e), at least
	// five columns. The Japanese move comes last: its width on a terminal
	// varies (▲ is one column or two), so nothing after it could stay
	// aligned.
	mw := 5
	for _, c := range m.ByCheck {
		mw = max(mw, len(c.Move))
	}
	pad := strings.Repeat(" ", mw-5)
	king, other := "king", ""
	if r.fairy {
		king, other = "royal", "  other"
	}
	w.WriteString("\n")
	fmt.Fprintf(w, "%*s   captures   interpositions\n", 25+len(pad), king)
	fmt.Fprintf(w, "    move%s   replies  moves  %5s other     move  drop%s\n", pad, king, other)
	for _, c := range m.ByCheck {
		mark := " "
		if c.Replies == 0 {
			mark = "*"
		}
		fmt.Fprintf(w, "  %s %-*s  %7d  %5d   %4d %5d     %4d  %4d",
			mark, mw, c.Move, c.Replies, c.KingMoves, c.KingCaptures, c.OtherCaptures,
			c.InterpositionsMove, c.InterpositionsDrop)
		if r.fairy {
			fmt.Fprintf(w, "  %5d", c.Other)
		}
		fmt.Fprintf(w, "  %s\n", c.MoveJA)
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
