package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// badSFENCode is the error code of a batch line that is not an SFEN (the
// codes of the other errors are those of package mate).
const badSFENCode = "bad-sfen"

func verifyCommand() *command {
	return &command{
		name:    "verify",
		summary: "judge positions as mate-in-1 problems: validity, every mate, statistics",
		args:    "(--sfen SFEN | --kif FILE | --ki2 FILE | --csa FILE | --file FILE [--ply N] | --sfen - | --batch FILE) [--json] [--as-given]",
		help: `
Verify judges a position as a mate-in-1 tsume problem. A valid problem is
a legal position with the attacker (Black) to move and not in check, the
defender's king on the board and exactly one mating move.

By the tsume convention the defender (the side not to move) holds every
piece that is neither on the board nor in the attacker's hand, whatever
the SFEN gives it; --as-given keeps both hands exactly as the SFEN has
them. The SFEN printed is the position as judged, with that hand.

For each position verify prints the verdict (VALID or NOT VALID, with
every reason, one a line), every mating move in USI and in Japanese
("G*5b  ▲５二金打"), whether the mate is unique, the flags (leftover pieces
in the attacker's hand 駒余り, two mates differing only by promotion, the
attacker also having a king), and the statistics: L (legal moves), C
(checking moves), R_total (the defender's replies summed over the checks)
and a table with one row per checking move, sorted by USI text: the
replies, king moves, captures of the checking piece (by the king / by
another piece) and interpositions (by a board move / by a drop); "*"
marks the mates. The mates and statistics are those of the side to move,
also when it is White; an illegal position has none.

With --json each position gives one line holding one JSON object:
  {"sfen":…,"valid":…,"errors":[…],"mates":["G*5b"],"unique":…,
   "leftover":…,"promotion_ambiguous":…,"defender_hand":"remaining",
   "metrics":{"legal":…,"checks":…,"replies":…,"by_check":[{"move":…,
   "replies":…,"king_moves":…,"captures":…,"interpositions_move":…,
   "interpositions_drop":…}]},"two_kings":…,"mates_ja":[…],
   "error_codes":[…],"line":…}
"line" is the input line number, given in batch mode only. The error
codes are illegal-position, white-to-move, no-defender-king,
attacker-in-check, no-mate, not-unique, and bad-sfen for a batch line
that is not an SFEN.

The position may also come from a record file, such as a problem with its
solution: --kif, --ki2 or --csa name the format, --file tells it from the
content (KIF, KI2, CSA, SFEN or a USI position command). The record's
start position is judged, or with --ply N the position after its first N
moves. A record that cannot be read is bad input (exit 2), with the file
and the line.

In batch mode (--sfen - reads standard input, --batch FILE a file) each
line holds one SFEN; blank lines and lines starting with # are skipped.
Each line gives one result (separated by a line of dashes without
--json); a line that is not an SFEN gives a result with its error and the
batch goes on. A summary, "N of M positions are valid problems", goes to
standard error.

Exit status: 0 every position is a valid problem, 1 some position is not
(or, in batch mode, some line is not an SFEN), 2 bad usage, an unreadable
file, or an SFEN that does not parse given with --sfen, 130 interrupted
(Ctrl-C; checked between lines).`,
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
		switch {
		case !batchMode:
			if err := ctx.Err(); err != nil {
				return err
			}
			_, p, err := in.load(e)
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
// problem is a negative answer (exit 1).
func verifyOne(e *env, p shogi.Position, opt verifyOptions) error {
	v := mate.Verify1(&p, opt.hand)
	w := bufio.NewWriter(e.stdout)
	var err error
	if opt.json {
		err = writeVerifyJSON(w, verifyReport(v, opt, 0))
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
			return writeVerifyJSON(b.w, badSFENReport(line, perr, opt, lineNo))
		case perr != nil:
			writeBadSFENText(b.w, line, perr, lineNo)
			return nil
		}
		v := mate.Verify1(&p, opt.hand)
		if v.Valid {
			valid++
		}
		if opt.json {
			return writeVerifyJSON(b.w, verifyReport(v, opt, lineNo))
		}
		writeVerifyText(b.w, v, lineNo)
		return nil
	})
	if err != nil {
		return err
	}
	return b.summary(e, "verify", valid, "valid problems")
}

// verifyJSON is one result of verify --json. The field order is part of
// the output format: the specified fields first, the extra ones after.
type verifyJSON struct {
	SFEN               string        `json:"sfen"`
	Valid              bool          `json:"valid"`
	Errors             []string      `json:"errors"`
	Mates              []string      `json:"mates"`
	Unique             bool          `json:"unique"`
	Leftover           bool          `json:"leftover"`
	PromotionAmbiguous bool          `json:"promotion_ambiguous"`
	DefenderHand       string        `json:"defender_hand"`
	Metrics            verifyMetrics `json:"metrics"`
	// Extra fields.
	TwoKings   bool     `json:"two_kings"`
	MatesJA    []string `json:"mates_ja"`
	ErrorCodes []string `json:"error_codes"`
	Line       int      `json:"line,omitempty"` // batch mode only
}

type verifyMetrics struct {
	Legal   int               `json:"legal"`
	Checks  int               `json:"checks"`
	Replies int               `json:"replies"`
	ByCheck []verifyCheckJSON `json:"by_check"`
}

type verifyCheckJSON struct {
	Move               string `json:"move"`
	Replies            int    `json:"replies"`
	KingMoves          int    `json:"king_moves"`
	Captures           int    `json:"captures"`
	InterpositionsMove int    `json:"interpositions_move"`
	InterpositionsDrop int    `json:"interpositions_drop"`
}

// newVerifyJSON returns a result with empty (not null) lists.
func newVerifyJSON(sfen string, opt verifyOptions, line int) verifyJSON {
	return verifyJSON{
		SFEN:         sfen,
		Errors:       []string{},
		Mates:        []string{},
		DefenderHand: opt.hand.String(),
		Metrics:      verifyMetrics{ByCheck: []verifyCheckJSON{}},
		MatesJA:      []string{},
		ErrorCodes:   []string{},
		Line:         line,
	}
}

// problemText returns the message of a problem error. It drops the
// "mate: " prefix that the error of mate.RemainingHand carries into its
// message, as errText drops "shogi: ".
func problemText(pe mate.ProblemError) string {
	return strings.TrimPrefix(pe.Msg, "mate: ")
}

// verifyReport turns a verdict into its JSON result.
func verifyReport(v *mate.Verdict, opt verifyOptions, line int) verifyJSON {
	j := newVerifyJSON(v.Position.SFEN(), opt, line)
	j.Valid = v.Valid
	for _, pe := range v.Errors {
		j.Errors = append(j.Errors, problemText(pe))
		j.ErrorCodes = append(j.ErrorCodes, string(pe.Code))
	}
	j.Unique, j.Leftover, j.PromotionAmbiguous, j.TwoKings = v.Unique, v.Leftover, v.PromotionAmbiguous, v.TwoKings
	if !v.Legal {
		return j
	}
	a := &v.Analysis
	for _, m := range a.Mates {
		j.Mates = append(j.Mates, m.String())
		j.MatesJA = append(j.MatesJA, japaneseMove(&v.Position, m))
	}
	j.Metrics.Legal, j.Metrics.Checks, j.Metrics.Replies = a.Legal, a.Checks, a.Replies
	for _, st := range sortedChecks(a.ByCheck) {
		j.Metrics.ByCheck = append(j.Metrics.ByCheck, verifyCheckJSON{
			Move:               st.Move.String(),
			Replies:            st.Replies,
			KingMoves:          st.KingMoves,
			Captures:           st.Captures(),
			InterpositionsMove: st.InterpositionsMove,
			InterpositionsDrop: st.InterpositionsDrop,
		})
	}
	return j
}

// badSFENReport is the JSON result of a batch line that does not parse.
func badSFENReport(line string, err error, opt verifyOptions, lineNo int) verifyJSON {
	j := newVerifyJSON(line, opt, lineNo)
	j.Errors = append(j.Errors, errText(err))
	j.ErrorCodes = append(j.ErrorCodes, badSFENCode)
	return j
}

// writeVerifyJSON writes j on one line.
func writeVerifyJSON(w io.Writer, j verifyJSON) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(j)
}

// sortedChecks returns a copy of stats sorted by the USI text of the move.
func sortedChecks(stats []mate.CheckStats) []mate.CheckStats {
	out := append([]mate.CheckStats(nil), stats...)
	sort.Slice(out, func(i, j int) bool { return out[i].Move.String() < out[j].Move.String() })
	return out
}

// japaneseMove writes m, a move of p, in Japanese with its turn mark.
func japaneseMove(p *shogi.Position, m shogi.Move) string {
	return p.JapaneseMove(m, shogi.NoSquare, shogi.JapaneseStyle{Mark: true})
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
			fmt.Fprintf(w, "  - %s\n", problemText(pe))
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
		fmt.Fprintf(w, "  %-*s  %s\n", mw, m, japaneseMove(q, m))
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
	for _, st := range sortedChecks(a.ByCheck) {
		mark := " "
		if st.Replies == 0 {
			mark = "*"
		}
		fmt.Fprintf(w, "  %s %-5s  %7d  %5d   %4d %5d     %4d  %4d  %s\n",
			mark, st.Move, st.Replies, st.KingMoves, st.KingCaptures, st.OtherCaptures,
			st.InterpositionsMove, st.InterpositionsDrop, japaneseMove(q, st.Move))
	}
	w.WriteString("  (* mates)\n")
}

// writeBadSFENText writes the human report of a batch line that is not an
// SFEN.
func writeBadSFENText(w *bufio.Writer, line string, err error, lineNo int) {
	fmt.Fprintf(w, "line %d\n", lineNo)
	fmt.Fprintf(w, "input: %s\n", line)
	w.WriteString("\nNOT VALID:\n")
	fmt.Fprintf(w, "  - %s\n", errText(err))
}
