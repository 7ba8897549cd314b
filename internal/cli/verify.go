package cli

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/shogi"
)

func verifyCommand() *command {
	return &command{
		name:    "verify",
		summary: "judge positions as mate-in-1 problems: validity, every mate, statistics",
		args:    "(--sfen SFEN | --kif FILE | --ki2 FILE | --csa FILE | --file FILE [--ply N] | --sfen - | --batch FILE) [--json] [--as-given] [--rules LIST]",
		help: `
Verify judges a position as a mate-in-1 tsume problem: valid when it is
legal, with the attacker (Black) to move and not in check, the
defender's king on the board and exactly one mating move. It prints
VALID or NOT VALID with every reason, every mating move in USI and in
Japanese, the flags (駒余り, a promotion pair, an attacker's king), the
composers' verdict, and the statistics: L (legal moves), C (checks),
R_total (replies to them) and a row per check. By the tsume convention
the defender holds every remaining piece (--as-given: the hands as
given). --sfen - or --batch FILE judge one SFEN a line; a fairy SFEN or
--rules judges under fairy rules.

Exit status: 0 every position is a valid problem, 1 some is not (in a
batch, also a line that is no SFEN or no legal position), 2 bad usage,
an unreadable file, or a single position that does not parse or is
illegal, 130 interrupted.

More, with the JSON object and its error codes: docs/cli.md#verify.`,
		setup: setupVerify,
	}
}

// verifyOptions are the flags of verify that shape each result.
type verifyOptions struct {
	json bool
	hand mate.DefenderHand
}

func setupVerify(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	in := addPositionFlags(fs)
	fs.Lookup("sfen").Usage = "the position, as `SFEN` (quote it: it has spaces); - reads one SFEN a line from standard input"
	batch := fs.String("batch", "", "read one SFEN a line from `FILE`")
	asJSON := fs.Bool("json", false, "print one JSON object a line")
	asGiven := fs.Bool("as-given", false, "keep the SFEN's hands instead of giving the defender every remaining piece")
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
		if err := in.check(); err != nil {
			return err
		}
		batchMode := hasBatch || in.sfen == "-" && isSet(fs, "sfen")
		if batchMode && isSet(fs, "ply") {
			return usageErrorf(self, "--ply needs a record (--kif, --ki2, --csa or --file), not a batch")
		}
		opt := verifyOptions{json: *asJSON, hand: mate.Remaining}
		if *asGiven {
			opt.hand = mate.AsGiven
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
				return verifyFairy(e, &fp, opt)
			}
		}
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
				return verifyBatch(ctx, e, batchGames(games, in), opt)
			}
			p, err := in.positionOf(games[0])
			if err != nil {
				return err
			}
			return verifyOne(e, p, opt)
		case !hasBatch:
			return verifyBatch(ctx, e, batchStdin(e.stdin), opt)
		}
		return verifyBatch(ctx, e, batchFile(*batch), opt)
	}
}

// verifyOne judges the single position p. A position that is not a valid
// problem is a negative answer (exit 1), an illegal one bad input (exit 2).
func verifyOne(e *env, p shogi.Position, opt verifyOptions) error {
	v := mate.Verify1(&p, opt.hand)
	if !v.Legal {
		// Bad input, as for every command: one line says why.
		msgs := make([]string, len(v.Errors))
		for i, pe := range v.Errors {
			msgs[i] = pe.Msg
		}
		return &exitError{ExitError, "illegal position: " + strings.Join(msgs, "; ")}
	}
	w := bufio.NewWriter(e.stdout)
	var err error
	if opt.json {
		err = report.WriteJSON(w, report.NewVerdict(v))
	} else {
		writeVerifyText(w, v, 0)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return err
	}
	if !v.Valid {
		return &exitError{code: ExitNo}
	}
	return nil
}

// verifyBatch judges one SFEN a line of src.
func verifyBatch(ctx context.Context, e *env, src batchSource, opt verifyOptions) error {
	b := newBatch(e.stdout, opt.json)
	valid := 0
	err := b.run(ctx, src, func(lineNo int, line string) error {
		b.next()
		p, perr := shogi.ParseSFEN(line)
		switch {
		case perr != nil && opt.json:
			j := report.NewBadSFENVerdict(line, message(perr), opt.hand)
			j.Line = lineNo
			return report.WriteJSON(b.w, j)
		case perr != nil:
			writeBadSFENText(b.w, line, perr, lineNo)
			return nil
		}
		v := mate.Verify1(&p, opt.hand)
		if v.Valid {
			valid++
		}
		if opt.json {
			j := report.NewVerdict(v)
			j.Line = lineNo
			return report.WriteJSON(b.w, j)
		}
		writeVerifyText(b.w, v, lineNo)
		return nil
	})
	if err != nil {
		return err
	}
	return b.summary(e, "verify", valid, "valid problems")
}

const (
	handRemainingText = "defender's hand: all remaining pieces (tsume convention; --as-given to use the SFEN's hands)"
	handAsGivenText   = "defender's hand: as given in the SFEN (--as-given)"
)

// writeVerifyText writes the human report of v; line is the input line
// number in batch mode, else 0.
func writeVerifyText(w *bufio.Writer, v *mate.Verdict, line int) {
	if line > 0 {
		fmt.Fprintf(w, "line %d\n", line)
	}
	fmt.Fprintf(w, "SFEN: %s\n", v.Position.SFEN())
	if v.DefenderHand == mate.AsGiven {
		w.WriteString(handAsGivenText + "\n")
	} else {
		w.WriteString(handRemainingText + "\n")
	}
	w.WriteString("\n")
	if v.Valid {
		w.WriteString("VALID: a sound mate-in-1 problem\n")
	} else {
		w.WriteString("NOT VALID:\n")
		for _, pe := range v.Errors {
			fmt.Fprintf(w, "  - %s\n", pe.Msg)
		}
	}
	if !v.Legal {
		w.WriteString("\nno analysis: the position is illegal\n")
		return
	}

	q, a := &v.Position, &v.Analysis
	w.WriteString("\n")
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
	writeAssessment(w, report.Mate1Assessment(v))

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
