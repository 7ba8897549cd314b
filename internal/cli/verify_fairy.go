package cli

import (
	"bufio"
	"errors"
	"fmt"

	"github.com/tsume-shogi/tsume/fairymate"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/report"
	"github.com/tsume-shogi/tsume/variant"
)

// fairyVerdictView is the JSON object of a fairy verify.
type fairyVerdictView struct {
	SFEN          string       `json:"sfen"`
	Rules         string       `json:"rules"`
	Valid         bool         `json:"valid"`
	Errors        []string     `json:"errors"`
	Mates         []string     `json:"mates"`
	MatesJA       []string     `json:"mates_ja"`
	PromotionPair bool         `json:"promotion_pair"`
	Leftover      bool         `json:"leftover"`
	Metrics       fairyMetrics `json:"metrics"`
	Line          int          `json:"line,omitempty"` // the input line, in a batch only
	// stats are the statistics behind Metrics, for the text report.
	stats []fairymate.CheckStats
	ja    []string // the checks of stats in Japanese
}

// fairyMetrics are the statistics of a fairy verify: those of a standard
// verify (report.VerdictMetrics) with the replies of no standard kind.
type fairyMetrics struct {
	Legal   int               `json:"legal"`
	Checks  int               `json:"checks"`
	Replies int               `json:"replies"`
	ByCheck []fairyCheckStats `json:"by_check"` // sorted by the USI text of the move
}

// fairyCheckStats are the replies to one checking move.
type fairyCheckStats struct {
	report.CheckStats
	Other int `json:"other"`
}

// fairyVerdict judges the fairy position p as a mate-in-1 problem; a
// position that is none is a *fairymate.NotAProblemError.
func fairyVerdict(p *variant.Position, hand mate.DefenderHand) (*fairyVerdictView, error) {
	v, err := fairymate.Verify1(p, handOf(hand))
	if err != nil {
		return nil, err
	}
	view := &fairyVerdictView{SFEN: v.Position.SFEN(), Rules: rulesName(p), Valid: v.Valid(),
		Errors: append([]string{}, v.Errors...), Mates: []string{}, MatesJA: []string{},
		PromotionPair: v.PromotionPair, Leftover: v.Leftover}
	for _, m := range v.Mates {
		usi, ja := report.FairyLine(&v.Position, []variant.Move{m})
		view.Mates = append(view.Mates, usi[0])
		view.MatesJA = append(view.MatesJA, ja[0])
	}
	setFairyMetrics(view, v)
	return view, nil
}

// verifyFairy judges the fairy position p as a mate-in-1 problem: exit 0
// for a valid problem, 1 for another, 2 for an illegal position.
func verifyFairy(e *env, p *variant.Position, opt verifyOptions) error {
	view, err := fairyVerdict(p, opt.hand)
	var npe *fairymate.NotAProblemError
	if errors.As(err, &npe) {
		return &exitError{ExitError, npe.Msg}
	}
	if err != nil {
		return inputError(err)
	}
	w := bufio.NewWriter(e.stdout)
	if opt.json {
		err = report.WriteJSON(w, view)
	} else {
		writeFairyVerdict(w, view, opt.hand)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return err
	}
	if !view.Valid {
		return &exitError{code: ExitNo}
	}
	return nil
}

// writeFairyVerdict writes the text report of a fairy verify.
func writeFairyVerdict(w *bufio.Writer, v *fairyVerdictView, hand mate.DefenderHand) {
	if v.Line > 0 {
		fmt.Fprintf(w, "line %d\n", v.Line)
	}
	fmt.Fprintf(w, "SFEN: %s\nrules: %s\n", v.SFEN, v.Rules)
	if hand == mate.AsGiven {
		w.WriteString(handAsGivenText + "\n")
	} else {
		w.WriteString("defender's hand: all remaining standard pieces (tsume convention; --as-given to use the SFEN's hands)\n")
	}
	w.WriteString("\n")
	if v.Valid {
		w.WriteString("VALID: a sound mate-in-1 problem\n")
	} else {
		w.WriteString("NOT VALID:\n")
		for _, msg := range v.Errors {
			fmt.Fprintf(w, "  - %s\n", msg)
		}
	}
	if len(v.Mates) > 0 {
		w.WriteString("\nmates:\n")
		for i := range v.Mates {
			fmt.Fprintf(w, "  %s  %s\n", v.Mates[i], v.MatesJA[i])
		}
	}
	if v.PromotionPair {
		w.WriteString("the two mates differ only by promotion (成生の非限定: tolerated)\n")
	}
	if v.Leftover {
		w.WriteString("leftover pieces (駒余り): the attacker has pieces in hand after the mate\n")
	}
	writeFairyStats(w, v)
}
