package variant

import "github.com/tsume-shogi/tsume/shogi"

// Powers holds the power of every piece of a position at the start of
// the side to move's ply: the kinds whose movement it uses, oriented for
// its owner. Position.Powers fills it; a Condition receives it with the
// pieces whose power an earlier condition set (the others move with their
// own kind, and Get returns 0 for them until Set).
type Powers struct {
	set [numSquares]KindSet
	// changed holds the squares whose power was set by a condition; the
	// other pieces move with their own kind.
	changed Bitboard
}

// Get returns the power of the piece on s (0 for an empty square).
func (pw *Powers) Get(s Square) KindSet { return pw.set[s] }

// Set sets the power of the piece on s.
func (pw *Powers) Set(s Square, set KindSet) {
	pw.set[s] = set
	pw.changed = pw.changed.With(s)
}

// A Condition is a fairy rule that changes the powers pieces move with.
// Legality, check and mate then follow from the powers alone (see
// docs/fairy.md): a position is illegal when a royal of the side not to
// move is attacked with the powers of the position, and a move is legal
// when the position after it is not illegal.
//
// A Condition must be immutable: one value serves every position.
type Condition interface {
	// Name returns the condition's name as the --rules flag writes it.
	Name() string
	// Powers adjusts pw for p at the start of the ply of p's side to
	// move. On entry pw holds each piece's own kind, as changed by the
	// conditions before this one in the rule set.
	Powers(p *Position, pw *Powers)
	// FixesRoyalPowers reports whether the powers the side to move's
	// royals have at the start of the ply stay with them for the whole
	// ply and are carried into the next position (天竺). The position
	// then keeps them (Position.CarriedPower) and hashes them.
	FixesRoyalPowers() bool
	// LiftsDeadPieces reports whether the condition lifts the dead-piece
	// rule (行き所のない駒): a pawn, lance or knight may then be dropped
	// on, or move without promoting to, a square from which its own kind
	// could never move (安南, as fmza and lishogi play it). 二歩 and
	// 打ち歩詰め still apply.
	LiftsDeadPieces() bool
}

// Tenjiku is 天竺 (transmuting royals) with the pre-move resolution of
// seed document 004: a royal of the side to move that is attacked at the
// start of its ply moves for the whole ply with the union of the powers of
// its attackers; an enemy royal's power is the one fixed at the start of
// its own side's last ply (carried in the position).
type Tenjiku struct{}

// Name returns "tenjiku".
func (Tenjiku) Name() string { return "tenjiku" }

// FixesRoyalPowers returns true.
func (Tenjiku) FixesRoyalPowers() bool { return true }

// LiftsDeadPieces returns false: under 天竺 a piece is dead as in shogi.
func (Tenjiku) LiftsDeadPieces() bool { return false }

// Powers gives the side not to move's royals their carried powers (their
// own kind when they carry none) and resolves the side to move's royals
// (step 1 of the spec).
func (Tenjiku) Powers(p *Position, pw *Powers) {
	them := p.side.Opp()
	for b := p.royals[them]; b.Any(); {
		r := b.PopLSB()
		if set, ok := p.CarriedPower(r); ok {
			pw.Set(r, set)
		} else {
			pw.Set(r, SetOf(p.board[r].Kind()))
		}
	}
	// The side to move's royals do not attack each other, so resolving
	// them one after the other sees the same enemy powers each time.
	for b := p.royals[p.side]; b.Any(); {
		r := b.PopLSB()
		var union KindSet
		for a := p.attackersWith(them, r, pw); a.Any(); {
			union |= p.powerOf(pw, a.PopLSB())
		}
		if union != 0 {
			pw.Set(r, union)
		}
	}
}

// Annan is 安南: a piece directly in front of a friendly piece (from its
// owner's view: the friendly piece is on the square behind it, towards
// its owner's side) moves with that friendly piece's own kind. Powers are
// decided per position, from the board alone; there is no chaining. No
// piece is dead under 安南 (LiftsDeadPieces); promotion follows the
// piece's own kind.
type Annan struct{}

// Name returns "annan".
func (Annan) Name() string { return "annan" }

// FixesRoyalPowers returns false.
func (Annan) FixesRoyalPowers() bool { return false }

// LiftsDeadPieces returns true: under 安南 a piece on its last ranks can
// still move when a friendly piece stands behind it, so no square is dead
// for any kind (fmza, the fairy-tsume composers' standard, and lishogi's
// Annan shogi agree).
func (Annan) LiftsDeadPieces() bool { return true }

// Powers gives every piece backed by a friendly piece that piece's kind.
func (Annan) Powers(p *Position, pw *Powers) {
	for b := p.occ; b.Any(); {
		s := b.PopLSB()
		pc := p.board[s]
		var behind Square
		if pc.Color() == shogi.Black {
			if sqRank(s) == 8 {
				continue
			}
			behind = s + 1
		} else {
			if sqRank(s) == 0 {
				continue
			}
			behind = s - 1
		}
		if bp := p.board[behind]; bp != NoPiece && bp.Color() == pc.Color() {
			pw.Set(s, SetOf(bp.Kind()))
		}
	}
}

// ParseRules returns the rule set named by a comma-separated list of
// condition names ("tenjiku", "annan"; "" or "standard" for none), in the
// order given.
func ParseRules(s string) (*Rules, error) {
	var conds []Condition
	if s == "" || s == "standard" {
		return NewRules(), nil
	}
	seen := map[string]bool{}
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != ',' {
			continue
		}
		name := s[start:i]
		var c Condition
		switch name {
		case "tenjiku":
			c = Tenjiku{}
		case "annan":
			c = Annan{}
		default:
			return nil, &RulesError{Input: s, Offset: start, Name: name, Msg: "unknown condition; want tenjiku or annan"}
		}
		if seen[name] {
			return nil, &RulesError{Input: s, Offset: start, Name: name, Msg: "condition listed twice"}
		}
		seen[name] = true
		conds = append(conds, c)
		start = i + 1
	}
	return NewRules(conds...), nil
}

// RulesError reports a rule list that could not be read.
type RulesError struct {
	Input  string
	Offset int    // byte offset of Name in Input
	Name   string // the offending condition name
	Msg    string
}

// Error returns "variant: bad rules …".
func (e *RulesError) Error() string {
	return "variant: bad rules " + quote(e.Input) + " at offset " + itoa(e.Offset) + " (" + quote(e.Name) + "): " + e.Msg
}

// powers fills pw with the powers of p's pieces at the start of the side
// to move's ply under p's rules.
func (p *Position) powers(pw *Powers) {
	pw.changed = Bitboard{}
	if p.rules == nil {
		return
	}
	for _, c := range p.rules.conds {
		// The conditions of this package are called directly, so that
		// p and pw stay on the caller's stack; another condition gets
		// heap copies (an interface call lets its arguments escape).
		switch c := c.(type) {
		case Tenjiku:
			c.Powers(p, pw)
		case Annan:
			c.Powers(p, pw)
		default:
			hp, hw := new(Position), new(Powers)
			*hp, *hw = *p, *pw
			c.Powers(hp, hw)
			*pw = *hw
		}
	}
}

// Powers returns the powers of p's pieces at the start of the side to
// move's ply under p's rules.
func (p *Position) Powers() *Powers {
	pw := new(Powers)
	p.powers(pw)
	for b := p.occ.AndNot(pw.changed); b.Any(); {
		s := b.PopLSB()
		pw.set[s] = SetOf(p.board[s].Kind())
	}
	return pw
}

// powerOf returns the power of the piece on s: the one a condition set
// in pw, or its own kind.
func (p *Position) powerOf(pw *Powers, s Square) KindSet {
	if pw.changed.Has(s) {
		return pw.set[s]
	}
	return SetOf(p.board[s].Kind())
}

// attackersWith returns c's pieces that attack s with the powers pw.
func (p *Position) attackersWith(c Color, s Square, pw *Powers) Bitboard {
	// The pieces with their own kind by the reverse tables, the others
	// one by one.
	a := p.attackersToExcept(c, s, pw.changed)
	for b := p.byColor[c].And(pw.changed); b.Any(); {
		x := b.PopLSB()
		if powerAttacks(c, pw.set[x], x, &p.lines, p.occ).Has(s) {
			a = a.With(x)
		}
	}
	return a
}

// royalAttackedWith reports whether a royal of c is attacked with the
// powers pw.
func (p *Position) royalAttackedWith(c Color, pw *Powers) bool {
	for b := p.royals[c]; b.Any(); {
		if p.attackersWith(c.Opp(), b.PopLSB(), pw).Any() {
			return true
		}
	}
	return false
}
