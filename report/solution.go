package report

import (
	"time"

	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/theme"
)

// StatusError is the status of a [Solution] for an input that could not
// be solved, beside the statuses of mate.Status.
const StatusError = "error"

// Solution is the view of a solver result, the object solve --json prints.
// Plies count from 1, the first move.
type Solution struct {
	Status       string        `json:"status"` // mate, nomate, unknown, or error (StatusError)
	Length       int           `json:"length"` // in plies; an upper bound unless LengthExact
	PV           []string      `json:"pv"`     // the main line in USI
	PVJA         []string      `json:"pv_ja"`  // the main line in Japanese
	Nodes        uint64        `json:"nodes"`
	TimeMS       int64         `json:"time_ms"`
	Unique       bool          `json:"unique"` // true only when the soundness checks ran to the end
	Alternatives []Alternative `json:"alternatives"`
	Leftover     bool          `json:"leftover"` // the attacker holds pieces at the end (駒余り)
	// Extra fields.
	LengthExact      bool   `json:"length_exact"`
	SoundnessChecked bool   `json:"soundness_checked"`
	FirstMoveForced  bool   `json:"first_move_forced"`
	LeftoverPieces   string `json:"leftover_pieces"` // the attacker's hand at the end of a mate, "" if empty
	NPS              uint64 `json:"nps"`
	SFEN             string `json:"sfen"`          // the position solved, with the defender's hand applied (the input for an error)
	DefenderHand     string `json:"defender_hand"` // remaining or as-given
	Futile           string `json:"futile"`        // discount or count
	// Rules are the rules of a fairy position (the conditions as --rules
	// names them, "standard" for none); absent for a standard position.
	Rules string `json:"rules,omitempty"`
	// Themes are the themes of the main line of an exact mate, by ply
	// (docs/themes.md); set by the caller, empty otherwise.
	Themes []theme.Found `json:"themes"`
	// Verdict is the judgement in composers' terms, given for a mate
	// whose soundness was searched (nil otherwise); set by the caller.
	Verdict *Assessment `json:"verdict,omitempty"`
	Error   string      `json:"error,omitempty"`
	Line    int         `json:"line,omitempty"` // the input line, in a batch only; set by the caller
}

// Alternative is the view of another mating move (余詰).
type Alternative struct {
	Ply               int    `json:"ply"` // from 1
	Move              string `json:"move"`
	MoveJA            string `json:"move_ja"`
	LastMovePromotion bool   `json:"last_move_promotion"` // the other promotion choice of the last move, tolerated
}

// NewSolution returns the view of sol, found with the defender's hand hand
// and the futile rule futile. The alternatives come in the order of their
// plies; each is written in Japanese in the position of its ply, with 同
// after the main line's move before it.
func NewSolution(sol *mate.Solution, hand mate.DefenderHand, futile mate.FutileRule) *Solution {
	return newSolution(sol, sol.Position, hand, futile, shogi.Move.String, japaneseMove, spareOf)
}

// spareOf returns c's hand in p, "" for none.
func spareOf(p *shogi.Position, c shogi.Color) string {
	if h := p.Hand(c); !h.IsEmpty() {
		return h.String()
	}
	return ""
}

// newSolution is NewSolution of sol, whose position solved is root, of
// type T (package shogi's or variant's): usi and ja write a move, spare
// a side's hand ("" for none).
func newSolution[T any, P interface {
	*T
	DoMove(shogi.Move)
	SFEN() string
	SideToMove() shogi.Color
}](sol *mate.Solution, root T, hand mate.DefenderHand, futile mate.FutileRule,
	usi func(shogi.Move) string, ja func(P, shogi.Move, shogi.Square) string, spare func(P, shogi.Color) string) *Solution {
	v := newView(sol.Status.String(), sol.Length, sol.LengthExact, sol.Unique, sol.SoundnessChecked,
		sol.Nodes, sol.Time, P(&root).SFEN(), hand, futile)
	v.FirstMoveForced = sol.FirstMoveForced
	v.PV, v.PVJA = lineOf(root, shogi.NoSquare, sol.PV, usi, ja)
	var q T
	v.Alternatives, q = alternativeViews(root, sol.PV, sol.Alternatives, usi, ja)
	if sol.Status == mate.Mate {
		v.Leftover = sol.Leftover
		v.LeftoverPieces = spare(&q, P(&root).SideToMove())
	}
	return v
}

// NewSolutionError returns the view of an input that could not be
// solved: status error, the input text as its SFEN and msg as its error.
func NewSolutionError(input, msg string, hand mate.DefenderHand, futile mate.FutileRule) *Solution {
	return &Solution{
		Status: StatusError, PV: []string{}, PVJA: []string{}, Alternatives: []Alternative{}, Themes: []theme.Found{},
		SFEN: input, Error: msg, DefenderHand: hand.String(), Futile: futile.String(),
	}
}

// perSecond returns n per second of d (0 for no time).
func perSecond(n uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(n) / d.Seconds())
}

// newView returns a solution's view with the fields that every
// position's solution fills alike.
func newView(status string, length int, exact, unique, checked bool, nodes uint64, d time.Duration, sfen string, hand mate.DefenderHand, futile mate.FutileRule) *Solution {
	return &Solution{
		Status: status, Length: length, LengthExact: exact,
		Alternatives: []Alternative{}, Themes: []theme.Found{},
		Nodes: nodes, TimeMS: d.Milliseconds(), NPS: perSecond(nodes, d),
		Unique: unique && checked, SoundnessChecked: checked,
		SFEN: sfen, DefenderHand: hand.String(), Futile: futile.String(),
	}
}

// alternativeViews returns the views of alts, other moves along pv from
// root, in the order of their plies, each written in the position of its
// ply (usi and ja its texts, prevTo the square of the move before), and
// the position at the end of pv. T is a position with copy-make.
func alternativeViews[T any, P interface {
	*T
	DoMove(shogi.Move)
}](root T, pv []shogi.Move, alts []mate.Alternative, usi func(shogi.Move) string, ja func(P, shogi.Move, shogi.Square) string) ([]Alternative, T) {
	byPly := make(map[int][]mate.Alternative)
	for _, a := range alts {
		byPly[a.Ply] = append(byPly[a.Ply], a)
	}
	views := []Alternative{}
	q, prevTo := root, shogi.NoSquare
	for ply := 0; ply <= len(pv); ply++ {
		for _, a := range byPly[ply] {
			views = append(views, Alternative{
				Ply: a.Ply + 1, Move: usi(a.Move), MoveJA: ja(&q, a.Move, prevTo),
				LastMovePromotion: a.LastMovePromotion,
			})
		}
		if ply == len(pv) {
			break
		}
		prevTo = pv[ply].To()
		P(&q).DoMove(pv[ply])
	}
	return views, q
}
