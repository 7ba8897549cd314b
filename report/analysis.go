package report

import (
	"time"

	"github.com/tsume-shogi/tsume/graph/shogigraph"
	"github.com/tsume-shogi/tsume/mate"
	"github.com/tsume-shogi/tsume/shogi"
)

// Analysis is the view of the game-graph analysis of a position, the
// object analyze --json prints for a position.
type Analysis struct {
	Forced bool     `json:"forced"` // mate is forced within Plies plies
	Rank   *int     `json:"rank"`   // the mate length in plies, every interposition counting; null when not forced
	PV     []string `json:"pv"`     // a main line in USI
	States int      `json:"states"`
	Edges  int      `json:"edges"`
	TimeMS int64    `json:"time_ms"`
	// Extra fields.
	Plies        int      `json:"plies"` // the ply limit of the graph
	PVJA         []string `json:"pv_ja"`
	SFEN         string   `json:"sfen"`          // the position analysed, with the defender's hand applied
	DefenderHand string   `json:"defender_hand"` // remaining or as-given
	Mates        int      `json:"mates"`         // mate states
	NoCheck      int      `json:"no_check"`      // attacker states without a check
	Cut          int      `json:"cut"`           // states cut at the ply limit
}

// NewAnalysis returns the view of a, the analysis of p (with the hand
// convention hand applied) up to plies plies, which took elapsed.
func NewAnalysis(p *shogi.Position, a *shogigraph.Analysis, plies int, hand mate.DefenderHand, elapsed time.Duration) *Analysis {
	v := &Analysis{
		Forced: a.Forced, States: a.States, Edges: a.Edges, TimeMS: elapsed.Milliseconds(),
		Plies: plies, SFEN: p.SFEN(), DefenderHand: hand.String(),
		Mates: a.Mates, NoCheck: a.NoCheck, Cut: a.Cut,
	}
	if a.Forced {
		r := a.Rank
		v.Rank = &r
	}
	v.PV, v.PVJA = Line(p, a.PV)
	return v
}
