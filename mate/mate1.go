package mate

import "github.com/tsume-shogi/tsume/shogi"

// CheckStats counts the defender's legal replies to one checking move,
// split by kind of defence. Replies is the sum of the five counts.
type CheckStats struct {
	Move               shogi.Move
	Replies            int // all legal replies; 0 means the move mates
	KingMoves          int // king moves that do not capture a checking piece
	KingCaptures       int // the king captures a checking piece
	OtherCaptures      int // another piece captures the checking piece
	InterpositionsMove int // a board move onto the line of a ranged check
	InterpositionsDrop int // a drop onto the line of a ranged check
}

// Captures returns the captures of the checking piece, by the king or by
// another piece.
func (c CheckStats) Captures() int { return c.KingCaptures + c.OtherCaptures }

// Result is the complete mate-in-1 analysis of a position, for its side to
// move (the attacker).
type Result struct {
	// Mates lists every mating move, in byte order of their USI text.
	Mates []shogi.Move
	// Legal is L, the number of the attacker's legal moves.
	Legal int
	// Checks is C, the number of its checking moves.
	Checks int
	// Replies is R_total, the sum over checking moves of the defender's
	// legal replies.
	Replies int
	// ByCheck holds one entry per checking move, in generation order.
	ByCheck []CheckStats

	checks, replies []shogi.Move // scratch buffers kept across calls
}

// Mate1 returns every mating move of the side to move of p, in byte order
// of their USI text: each legal move that gives check and leaves the
// defender without a legal reply. A pawn drop that would mate is illegal
// and never listed; a move and its other promotion choice are listed
// separately when both mate.
func Mate1(p *shogi.Position) []shogi.Move {
	var r Result
	Analyze(p, &r)
	return r.Mates
}

// HasMate1 reports whether the side to move of p has a mating move, as
// len(Mate1(p)) > 0 does, at less cost: it stops at the first mate, and
// asks of each check first, without playing it, whether the king can step
// away (the common answer, and the cheap one: KingEscapesAfter) before it
// looks for any other reply.
// Generators that judge many random positions ask it before Analyze.
// It allocates nothing.
func HasMate1(p *shogi.Position) bool {
	var buf [shogi.MaxMoves]shogi.Move
	for _, m := range p.Checks(buf[:0]) {
		if p.KingEscapesAfter(m) > 0 {
			continue // the king steps away: seen without playing m
		}
		q := *p
		q.DoMove(m)
		if !q.HasLegalMove() {
			return true
		}
	}
	return false
}

// AppendMates1 appends to dst the mating moves of the side to move of p,
// as Mate1 lists them (in byte order of their USI text), and returns the
// extended slice. It does not count the replies to the other checks,
// which Analyze does for its metrics, and it allocates nothing when dst
// has room for the mates.
func AppendMates1(dst []shogi.Move, p *shogi.Position) []shogi.Move {
	var buf [shogi.MaxMoves]shogi.Move
	start := len(dst)
	for _, m := range p.Checks(buf[:0]) {
		if p.KingEscapesAfter(m) > 0 {
			continue // the king steps away: seen without playing m
		}
		q := *p
		q.DoMove(m)
		if q.HasLegalMove() {
			continue
		}
		dst = append(dst, m)
		for i := len(dst) - 1; i > start && usiLess(dst[i], dst[i-1]); i-- {
			dst[i], dst[i-1] = dst[i-1], dst[i]
		}
	}
	return dst
}

// Analyze computes the mate-in-1 analysis of p into r, reusing r's slices:
// with a Result kept across calls it allocates nothing once the slices
// have grown.
func Analyze(p *shogi.Position, r *Result) {
	r.Mates = r.Mates[:0]
	r.ByCheck = r.ByCheck[:0]
	r.Legal, r.Checks, r.Replies = 0, 0, 0

	if r.checks == nil {
		r.checks = make([]shogi.Move, 0, shogi.MaxMoves)
		r.replies = make([]shogi.Move, 0, shogi.MaxMoves)
	}
	r.Legal = p.LegalMoveCount()
	r.checks = p.Checks(r.checks[:0])
	for _, m := range r.checks {
		q := *p
		q.DoMove(m)
		var drops int
		var checkers shogi.Bitboard
		r.replies, drops, checkers = q.EvasionsCountingDrops(r.replies[:0])
		st := CheckStats{Move: m, InterpositionsDrop: drops, Replies: drops}
		for _, rep := range r.replies {
			onChecker := checkers.Has(rep.To())
			switch {
			case rep.Piece().Kind() == shogi.King && onChecker:
				st.KingCaptures++
			case rep.Piece().Kind() == shogi.King:
				st.KingMoves++
			case onChecker:
				st.OtherCaptures++
			default:
				st.InterpositionsMove++
			}
			st.Replies++
		}
		r.Checks++
		r.Replies += st.Replies
		r.ByCheck = append(r.ByCheck, st)
		if st.Replies == 0 {
			r.Mates = insertSorted(r.Mates, m)
		}
	}
}

// Tempting counts the tempting checks of the analysis r, whose key (the
// first move of the solution) is key: the checking moves other than key
// that leave the defender one or two legal replies, so that a solver has
// to read each to its end to refute it (the tries, 紛れ). The problem
// records of every generator and of mine carry it as "tempting".
func (r *Result) Tempting(key shogi.Move) int {
	n := 0
	for _, st := range r.ByCheck {
		if st.Move != key && st.Replies > 0 && st.Replies <= 2 {
			n++
		}
	}
	return n
}

// PawnDropMate returns the pawn drop of the side to move of p that would
// mate but that the rules forbid (打ち歩詰め), or NoMove when there is
// none: the side to move holds a pawn, the square in front of the
// opponent's king is empty, no 二歩 forbids the drop, and after it the
// opponent would have no legal reply.
func PawnDropMate(p *shogi.Position) shogi.Move {
	us := p.SideToMove()
	ek := p.King(us.Opp())
	if ek == shogi.NoSquare || !p.Hand(us).Has(shogi.Pawn) {
		return shogi.NoMove
	}
	// The pawn checks from the square on the attacker's side of the king.
	rank := ek.Rank() + 1
	if us == shogi.White {
		rank = ek.Rank() - 1
	}
	if rank < 1 || rank > 9 {
		return shogi.NoMove
	}
	s := shogi.NewSquare(ek.File(), rank)
	m := shogi.NewDrop(us, shogi.Pawn, s)
	if p.PieceAt(s) != shogi.NoPiece || p.HasPawnOnFile(us, s.File()) || p.IsLegal(m) {
		return shogi.NoMove
	}
	q := *p
	q.DoMove(m)
	if k := q.King(us); k != shogi.NoSquare && q.AttackersTo(us.Opp(), k).Any() {
		return shogi.NoMove // illegal for another reason: the mover stays in check
	}
	if q.HasLegalMove() {
		return shogi.NoMove
	}
	return m
}

// insertSorted inserts m into ms, kept in byte order of USI text.
func insertSorted(ms []shogi.Move, m shogi.Move) []shogi.Move {
	ms = append(ms, m)
	for i := len(ms) - 1; i > 0 && usiLess(ms[i], ms[i-1]); i-- {
		ms[i], ms[i-1] = ms[i-1], ms[i]
	}
	return ms
}

// usiLess reports whether a's USI text sorts before b's, without building
// the strings.
func usiLess(a, b shogi.Move) bool {
	var ba, bb [5]byte
	ka, kb := usiKey(&ba, a), usiKey(&bb, b)
	return string(ka) < string(kb)
}

func usiKey(buf *[5]byte, m shogi.Move) []byte {
	to := m.To()
	if m.IsDrop() {
		buf[0] = m.DroppedKind().Letter()[0]
		buf[1] = '*'
	} else {
		from := m.From()
		buf[0] = byte('0' + from.File())
		buf[1] = byte('a' + from.Rank() - 1)
	}
	buf[2] = byte('0' + to.File())
	buf[3] = byte('a' + to.Rank() - 1)
	if m.IsPromotion() {
		buf[4] = '+'
		return buf[:5]
	}
	return buf[:4]
}
