// Package problem holds tsume problems as data: the position, what is to
// be achieved (the stipulation), the main line, the metrics and the
// difficulty a generator measured, and where the problem came from. It
// reads and writes the two file formats of tsume: problem lists in
// tab-separated columns (ReadTSV, WriteTSV), such as the classic problems
// of testdata/classic-tsume.tsv, and one JSON object per line (ReadJSONL,
// WriteJSONL), what tsume generate --format jsonl writes.
//
// The package knows no rules beyond those of package shogi: it checks
// that a main line is legal move by move, not that it is a solution.
package problem

import (
	"fmt"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// Problem is one tsume problem. Only Position is required; the other
// fields are zero when unknown.
type Problem struct {
	// ID names the problem in a list ("zukou-036"); empty for a
	// generated problem.
	ID string
	// Position is the problem: the attacker to move. It is the zero
	// Position when Variant holds the problem.
	Position shogi.Position
	// Variant, when set, is the problem's position instead of Position:
	// one that package shogi cannot hold, with a fairy piece (Grasshopper,
	// Lion) or a royal other than the one king of a side (異王), the
	// attacker to move, under standard rules (Rules names the problem's).
	// It is nil for a position of standard pieces. SFEN, SetSFEN,
	// VariantPosition, ParseLine, LineUSI, Look and Pieces serve both.
	Variant *variant.Position
	// Stipulation is what the attacker must achieve.
	Stipulation Stipulation
	// Rules names the rules the problem is played under, as
	// CanonicalRules writes them ("annan", "tenjiku"); empty for the
	// standard rules. The rules change how the pieces move; the pieces
	// themselves, fairy or royal, are those of the position.
	Rules string
	// RawPlies is the length of the shortest forced mate when every
	// interposition counts as a defence, futile or not (0: unknown).
	RawPlies int
	// Status says how far the length is confirmed.
	Status Status
	// Line is the main line, from Position: the attacker's moves and the
	// defender's replies, legal move by move.
	Line []shogi.Move
	// PromotionAmbiguous is set when the first move also works with the
	// other promotion choice (a dual a generator may allow).
	PromotionAmbiguous bool
	// Metrics count the attacker's options in Position.
	Metrics Metrics
	// Difficulty is the difficulty score of the method that made the
	// problem (0: not rated).
	Difficulty float64
	// Verdict is the soundness verdict a generator checked the problem
	// with ("sound"; empty when not judged), Nodes the solver's nodes to
	// prove it (0: not searched).
	Verdict string
	Nodes   uint64
	// Composer holds the composer's metrics of the main line, nil when
	// they were not measured.
	Composer *Composer
	// Themes are the themes (手筋) of the main line, each with its ply, as
	// package theme finds them (docs/themes.md); nil when they were not
	// looked for, empty when none was found.
	Themes []Theme
	// Quality is the quality score of a generated problem and its parts
	// (docs/quality.md); nil when it was not scored.
	Quality *Quality
	// Optimized, when set, records the local search that changed a
	// generated problem to raise its quality score (nil: not optimized).
	Optimized *Optimized
	// Provenance records how a generated problem was made.
	Provenance Provenance
}

// Goal is the aim of a stipulation: the names and numbers of the goals
// are those of the --stip flag and of a problem bank's goal column.
type Goal uint8

// The goals.
const (
	// Mate is the tsume shogi aim: every attacker move checks, and the
	// defender is mated (詰将棋, かしこ詰).
	Mate Goal = iota
	// Help is ばか詰 (協力詰, the helpmate h#N): the attacker checks on
	// every move and both sides cooperate so that the defender is mated
	// after exactly N plies, N the shortest (docs/helpmate.md).
	Help
	// HelpSelf is 協力自玉詰 (the help-selfmate hs#N): the attacker checks
	// on every move and both sides cooperate so that the defender's last
	// move, ply N, mates the attacker.
	HelpSelf
)

var goalNames = [...]string{"mate", "help", "helpself"}

// String returns "mate", "help" or "helpself".
func (g Goal) String() string {
	if int(g) < len(goalNames) {
		return goalNames[g]
	}
	return fmt.Sprintf("Goal(%d)", uint8(g))
}

// ParseGoal reads a goal's name (see Goal.String).
func ParseGoal(name string) (Goal, error) {
	for i, n := range goalNames {
		if name == n {
			return Goal(i), nil
		}
	}
	return 0, fmt.Errorf("unknown stipulation %q: want mate, help or helpself", name)
}

// Stipulation is what the attacker must achieve, and in how many plies.
type Stipulation struct {
	Goal Goal
	// Plies is the length by the tsume convention (futile interpositions
	// not counted); 0 when unknown or when there is no mate.
	Plies int
}

// MateIn returns the stipulation mate in the given number of plies: 1 for
// a mate-in-1 (一手詰), 3 for a mate-in-3, and so on.
func MateIn(plies int) Stipulation { return Stipulation{Goal: Mate, Plies: plies} }

// String returns "mate in 3" (or "mate" when the length is unknown).
func (s Stipulation) String() string {
	if s.Plies == 0 {
		return s.Goal.String()
	}
	return fmt.Sprintf("%s in %d", s.Goal, s.Plies)
}

// Metrics count the attacker's options in the problem position, the
// measures a generator filters and rates problems by. They describe the
// first move of any problem, however long.
type Metrics struct {
	Legal   int // L: the attacker's legal moves
	Checks  int // C: its checking moves
	Replies int // R_total: the defender's legal replies, summed over the checks
	// Tempting counts the checks other than the first move of the main
	// line that leave the defender at most two replies.
	Tempting int
}

// Composer holds the metrics a composer reads off a problem's main line
// and its final position, and the beauty score built from them
// (docs/generation.md). The generator of mate-in-N problems measures them.
type Composer struct {
	// Sacrifices counts the attacker's moves whose moved or dropped
	// piece is captured on the next ply (捨て駒).
	Sacrifices int `json:"sacrifices"`
	// QuietFirst is set when the first move captures nothing.
	QuietFirst bool `json:"quiet_first"`
	// Refusals counts the attacker's board moves that do not promote
	// where promoting was legal too (不成).
	Refusals int `json:"refusals"`
	// DistantDrops counts the attacker's drops on a square not adjacent
	// to the defender's king.
	DistantDrops int `json:"distant_drops"`
	// FinalPieces counts the attacker's pieces on the board in the final
	// position, the attacker's king aside.
	FinalPieces int `json:"final_pieces"`
	// Branching is the mean number of the defender's legal replies along
	// the main line (the final mate aside, futile interpositions left
	// out), rounded to two decimals.
	Branching float64 `json:"branching"`
	// Beauty is the beauty score of the metrics and the problem's size.
	Beauty float64 `json:"beauty"`
}

// Theme is one theme of a problem's main line: its name, a stable
// identifier of package theme's catalogue (e.g. "focal-sacrifice"), and
// the ply where it happens, from 1.
type Theme struct {
	Name string `json:"name"`
	Ply  int    `json:"ply"`
}

// Quality is the quality score of a problem and the parts it is the sum
// of, each in points (docs/quality.md): the themes of the main line
// weighted by how composers value them, the surprise of the key move, the
// economy of material, a crisp final position, the defender's guards, and
// the penalties for a chase and for a capture on the first move.
type Quality struct {
	// Score is the sum of the parts, rounded to two decimals.
	Score float64 `json:"score"`
	// Themes is the weighted sum of the distinct themes found.
	Themes float64 `json:"themes"`
	// Surprise grows with KeyRank, the rank (from 1) of the first move
	// among Checks, the attacker's checks, ordered by a simple policy.
	Surprise float64 `json:"surprise"`
	KeyRank  int     `json:"key_rank"`
	Checks   int     `json:"checks"`
	// Economy is 0 when the attacker has four pieces or fewer (board and
	// hand), negative above.
	Economy float64 `json:"economy"`
	// Crowd is negative for each attacker piece beyond two within two
	// king steps of the defender's king at the start.
	Crowd float64 `json:"crowd"`
	// Final scores the attacker's pieces left on the board at the mate.
	Final float64 `json:"final"`
	// Guards is negative for a defender's king with fewer than two
	// pieces of a castle's kinds within two king steps.
	Guards float64 `json:"guards"`
	// Chase is negative for each move of a one-piece chase.
	Chase float64 `json:"chase"`
	// FirstCapture is negative when the first move captures.
	FirstCapture float64 `json:"first_capture"`
	// Appeal, not a part of Score, is the share of teachers (0 to 1) a
	// model fitted to blind reads expects to hand the problem out; 0 for
	// a length the reads did not judge (gen/maten.Appeal).
	Appeal float64 `json:"appeal,omitempty"`
}

// Optimized records a local search over sound mutations of a generated
// problem that raised its quality score (Quality.Score): the score of the
// problem the search started from and the number of mutations it
// accepted, each of which kept or raised the score. Zero steps means that
// no mutation tried was both sound and at least as good.
type Optimized struct {
	From  float64 `json:"from"`
	Steps int     `json:"steps"`
}

// Provenance records how a generated problem was made: by which method,
// from which seed, as which problem of the run, by which version of tsume.
// Seed and Index reproduce the problem: the same method, options and seed
// give problem Index again.
type Provenance struct {
	Method  string // "reverse", "random", …; empty when not generated
	Seed    uint64
	Index   int    // 0-based place in the run
	Version string // tsume's version, when the caller knows it
	// Game, of a problem mined from a game record (tsume mine,
	// docs/mining.md), names the game and the move; nil otherwise.
	// Method is then "mine", Seed the 0-based number of the game in the
	// collection mined and Index the ply of the position in the game.
	Game *GameSource
}

// GameSource says where in which game a mined problem's position
// occurred: the record's file and its place there, the move number and
// the game's players and date as its headers give them.
type GameSource struct {
	File  string `json:"file,omitempty"` // the record's file ("" when the game came from no file)
	Game  int    `json:"game"`           // 0-based place of the game among the records of its file
	Move  int    `json:"move"`           // the number of the move to be played in the position, as the record counts moves
	Black string `json:"black,omitempty"`
	White string `json:"white,omitempty"`
	Date  string `json:"date,omitempty"`
	// Flipped is true when the mating side was White: the problem is the
	// position turned round, colours swapped, so that Black mates.
	Flipped bool `json:"flipped,omitempty"`
	// Removed lists the pieces taken out of the attacker's hand because
	// the mate does not need them (as an SFEN hand, "" when none), so
	// that none is left over at the end (駒余り).
	Removed string `json:"removed,omitempty"`
	// Leftover lists the pieces, captured on the way, that the attacker
	// holds at the end of the main line (as an SFEN hand, "" when none):
	// the 駒余り the problem declares, which its verdict sets aside.
	Leftover string `json:"leftover,omitempty"`
}

// Status says how far the length of a problem in a list is confirmed.
type Status uint8

// The statuses of a problem list.
const (
	// UnknownStatus is the zero Status, written "-".
	UnknownStatus Status = iota
	// Confirmed: an independent solver agrees with the recorded length.
	Confirmed
	// ConfirmedAfterFutileRule: it agrees once futile interpositions are
	// not counted.
	ConfirmedAfterFutileRule
	// Constructed: made for the list, the lengths checked by an
	// exhaustive search.
	Constructed
	// LineOnly: the recorded line is legal, all checks and ends in mate,
	// but its length is not confirmed.
	LineOnly
	// NoMate: the position has no mate.
	NoMate
)

var statusNames = [...]string{"-", "confirmed", "confirmed-after-futile-rule", "constructed", "line-only", "nomate"}

// Statuses lists the names a status may have in a problem list.
const Statuses = "confirmed, confirmed-after-futile-rule, constructed, line-only, nomate or -"

// String returns the status as a list writes it: "confirmed", …, "-" for
// UnknownStatus.
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// ParseStatus reads a status name (see Statuses).
func ParseStatus(name string) (Status, error) {
	for i, n := range statusNames {
		if name == n {
			return Status(i), nil
		}
	}
	return 0, fmt.Errorf("unknown status %q: want %s", name, Statuses)
}

// LengthChecked reports whether the status confirms the recorded length:
// confirmed, confirmed-after-futile-rule or constructed.
func (s Status) LengthChecked() bool {
	return s == Confirmed || s == ConfirmedAfterFutileRule || s == Constructed
}

// Look describes what a problem looks like, as its position shows.
type Look struct {
	Pieces     int  `json:"pieces"`      // see Pieces
	KingEdge   bool `json:"king_edge"`   // the defender's king stands on the outer ring
	KingCorner bool `json:"king_corner"` // the defender's king stands in a corner 2×2 block
	Symmetric  bool `json:"symmetric"`   // the board is its own left-right mirror image
}

// LookOf returns the look of p, a problem whose side to move attacks:
// the king looked at is the other side's.
func LookOf(p *shogi.Position) Look {
	ksq := p.King(p.SideToMove().Opp())
	return Look{
		Pieces:     Pieces(p),
		KingEdge:   ksq != shogi.NoSquare && EdgeSquare(ksq),
		KingCorner: ksq != shogi.NoSquare && CornerSquare(ksq),
		Symmetric:  p.IsSymmetric(),
	}
}

// Pieces returns the size of a problem whose side to move attacks: the
// pieces on the board other than the defender's king, plus the pieces in
// the attacker's hand.
func Pieces(p *shogi.Position) int {
	attacker := p.SideToMove()
	n := p.Occupied().Count() + p.Hand(attacker).Total()
	if p.King(attacker.Opp()) != shogi.NoSquare {
		n--
	}
	return n
}

// EdgeSquare reports whether s lies on the outer ring of the board.
func EdgeSquare(s shogi.Square) bool {
	f, r := s.File(), s.Rank()
	return f == 1 || f == 9 || r == 1 || r == 9
}

// CornerSquare reports whether s lies in one of the four corner 2×2
// blocks (1a, 2a, 1b, 2b and their images).
func CornerSquare(s shogi.Square) bool {
	f, r := s.File(), s.Rank()
	return (f <= 2 || f >= 8) && (r <= 2 || r >= 8)
}
