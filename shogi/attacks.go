package shogi

// Lines is the occupancy of every line of the board (the files, the ranks
// and both diagonals), each as a 9-bit mask, kept up to date square by
// square (Set, Clear). A slider's attacks along a line are then one
// lookup in a table indexed by the occupancy of the line's seven inner
// squares (the two end squares never block anything beyond them). A
// Position keeps one; a rules layer built on shogi (package variant)
// keeps its own with its pieces. The zero value is an empty board.
type Lines struct {
	file  [9]uint16  // by file, bit r for rank r (0-based)
	rank  [9]uint16  // by rank, bit f for file f
	diagA [17]uint16 // lines of constant file+rank, bit f for file f
	diagB [17]uint16 // lines of constant file-rank (+8), bit f for file f
}

// Set marks s occupied.
func (l *Lines) Set(s Square) {
	f, r := sqFile(s), sqRank(s)
	l.file[f] |= 1 << uint(r)
	l.rank[r] |= 1 << uint(f)
	l.diagA[f+r] |= 1 << uint(f)
	l.diagB[f-r+8] |= 1 << uint(f)
}

// Clear marks s empty.
func (l *Lines) Clear(s Square) {
	f, r := sqFile(s), sqRank(s)
	l.file[f] &^= 1 << uint(r)
	l.rank[r] &^= 1 << uint(f)
	l.diagA[f+r] &^= 1 << uint(f)
	l.diagB[f-r+8] &^= 1 << uint(f)
}

// FileAttacks returns the squares reached from s along its file, both
// ways, up to and including the first occupied square.
func (l *Lines) FileAttacks(s Square) Bitboard { return l.fileAttacks(s) }

// RankAttacks returns the squares reached from s along its rank, both
// ways, up to and including the first occupied square.
func (l *Lines) RankAttacks(s Square) Bitboard {
	return tbl.rankAtt[s][l.rank[sqRank(s)]>>1&0x7f]
}

// DiagAAttacks returns the squares reached from s along its diagonal of
// constant file+rank (from the upper left to the lower right of the
// diagram), both ways, up to and including the first occupied square.
func (l *Lines) DiagAAttacks(s Square) Bitboard {
	return tbl.diagAAtt[s][l.diagA[sqFile(s)+sqRank(s)]>>1&0x7f]
}

// DiagBAttacks returns the squares reached from s along its diagonal of
// constant file−rank, both ways, up to and including the first occupied
// square.
func (l *Lines) DiagBAttacks(s Square) Bitboard {
	return tbl.diagBAtt[s][l.diagB[sqFile(s)-sqRank(s)+8]>>1&0x7f]
}

func (l *Lines) fileAttacks(s Square) Bitboard {
	return tbl.fileAtt[s][l.file[sqFile(s)]>>1&0x7f]
}

func (l *Lines) rookAttacks(s Square) Bitboard {
	f, r := sqFile(s), sqRank(s)
	return tbl.fileAtt[s][l.file[f]>>1&0x7f].Or(tbl.rankAtt[s][l.rank[r]>>1&0x7f])
}

func (l *Lines) bishopAttacks(s Square) Bitboard {
	f, r := sqFile(s), sqRank(s)
	return tbl.diagAAtt[s][l.diagA[f+r]>>1&0x7f].Or(tbl.diagBAtt[s][l.diagB[f-r+8]>>1&0x7f])
}

func (l *Lines) lanceAttacks(c Color, s Square) Bitboard {
	return l.fileAttacks(s).And(tbl.forward[c][s])
}

// slidingKinds has bit k set for each kind k that moves along lines.
const slidingKinds = 1<<Lance | 1<<Bishop | 1<<Rook | 1<<Horse | 1<<Dragon

// attacks returns the squares pc on s attacks with the lines' occupancy.
func (l *Lines) attacks(pc Piece, s Square) Bitboard {
	pc &= 31
	if slidingKinds>>(pc&15)&1 == 0 {
		return tbl.pieceSteps[pc][s]
	}
	switch pc.Kind() {
	case Lance:
		return l.lanceAttacks(pc.Color(), s)
	case Bishop:
		return l.bishopAttacks(s)
	case Rook:
		return l.rookAttacks(s)
	case Horse:
		return l.bishopAttacks(s).Or(tbl.pieceSteps[pc][s])
	}
	return l.rookAttacks(s).Or(tbl.pieceSteps[pc][s])
}

func (p *Position) rookAttacks(s Square) Bitboard           { return p.lines.rookAttacks(s) }
func (p *Position) bishopAttacks(s Square) Bitboard         { return p.lines.bishopAttacks(s) }
func (p *Position) lanceAttacks(c Color, s Square) Bitboard { return p.lines.lanceAttacks(c, s) }

// attacks returns the squares pc on s attacks in p.
func (p *Position) attacks(pc Piece, s Square) Bitboard { return p.lines.attacks(pc, s) }

// AttacksFrom returns the squares piece pc on s attacks on a board whose
// occupied squares are occ. It is the general form, for any occupancy; it
// is slower than the position's own attack code.
func AttacksFrom(pc Piece, s Square, occ Bitboard) Bitboard {
	c := pc.Color()
	switch k := pc.Kind(); k {
	case Lance:
		if c == Black {
			return rayAttacks(rayToRankA, s, occ)
		}
		return rayAttacks(rayToRankI, s, occ)
	case Bishop:
		return raysAttacks(&bishopRayDirs, s, occ)
	case Rook:
		return raysAttacks(&rookRayDirs, s, occ)
	case Horse:
		return raysAttacks(&bishopRayDirs, s, occ).Or(tbl.step[c][King][s])
	case Dragon:
		return raysAttacks(&rookRayDirs, s, occ).Or(tbl.step[c][King][s])
	default:
		if k >= NumKinds || !s.Valid() {
			return Bitboard{}
		}
		return tbl.step[c][k][s]
	}
}

// raysAttacks is rayAttacks along each of the four rays ds.
func raysAttacks(ds *[4]int, s Square, occ Bitboard) Bitboard {
	return rayAttacks(ds[0], s, occ).Or(rayAttacks(ds[1], s, occ)).Or(rayAttacks(ds[2], s, occ)).Or(rayAttacks(ds[3], s, occ))
}

// rayAttacks returns the squares a slider on s attacks along the ray
// rayDirs[d] when occ is occupied: up to the nearest blocker, inclusive.
// Beyond the blocker b lies b's own ray, which is taken away.
func rayAttacks(d int, s Square, occ Bitboard) Bitboard {
	ray := tbl.rays[d][s]
	blk := ray.And(occ)
	if blk.IsEmpty() {
		return ray
	}
	b := blk.LSB()
	if d >= raysUp {
		b = blk.msb()
	}
	return ray.AndNot(tbl.rays[d][b])
}

// golds returns c's pieces that move like a gold.
func (p *Position) golds(c Color) Bitboard {
	g := p.byKind[Gold].Or(p.byKind[ProPawn]).Or(p.byKind[ProLance]).Or(p.byKind[ProKnight]).Or(p.byKind[ProSilver])
	return g.And(p.byColor[c])
}

// attackersTo returns c's pieces that attack s.
func (p *Position) attackersTo(c Color, s Square) Bitboard {
	them := c.Opp() // a c-piece attacks s iff a them-piece on s would attack it back
	cb := p.byColor[c]
	hd := p.byKind[Horse].Or(p.byKind[Dragon])
	step := &tbl.checkSteps[them][s] // the stepping kinds' squares, side by side
	a := step[Pawn].And(p.byKind[Pawn])
	a = a.Or(step[Knight].And(p.byKind[Knight]))
	a = a.Or(step[Silver].And(p.byKind[Silver]))
	a = a.Or(step[Gold].And(p.golds(c)))
	a = a.Or(step[King].And(p.byKind[King].Or(hd)))
	a = a.Or(p.rookAttacks(s).And(p.byKind[Rook].Or(p.byKind[Dragon])))
	a = a.Or(p.bishopAttacks(s).And(p.byKind[Bishop].Or(p.byKind[Horse])))
	a = a.Or(p.lanceAttacks(them, s).And(p.byKind[Lance]))
	return a.And(cb)
}

// isAttacked reports whether any piece of c attacks s. It tests the
// stepping pieces first, looks up a sliding attack only when c has such a
// slider at all, and stops at the first attacker found.
func (p *Position) isAttacked(c Color, s Square) bool {
	them := c.Opp()
	cb := p.byColor[c]
	step := &tbl.checkSteps[them][s]
	if step[Pawn].And(p.byKind[Pawn]).Or(
		step[Knight].And(p.byKind[Knight])).Or(
		step[Silver].And(p.byKind[Silver])).Or(
		step[Gold].And(p.golds(c))).Or(
		step[King].And(p.byKind[King].Or(p.byKind[Horse]).Or(p.byKind[Dragon]))).Intersects(cb) {
		return true
	}
	if rooks := p.byKind[Rook].Or(p.byKind[Dragon]).And(cb); rooks.Any() && p.rookAttacks(s).Intersects(rooks) {
		return true
	}
	if bishops := p.byKind[Bishop].Or(p.byKind[Horse]).And(cb); bishops.Any() && p.bishopAttacks(s).Intersects(bishops) {
		return true
	}
	lances := p.byKind[Lance].And(cb)
	return lances.Any() && p.lanceAttacks(them, s).Intersects(lances)
}

// AttackersTo returns the pieces of colour c that attack s.
func (p *Position) AttackersTo(c Color, s Square) Bitboard { return p.attackersTo(c, s) }

// Checkers returns the pieces giving check to the side to move (empty when
// it has no king or is not in check).
func (p *Position) Checkers() Bitboard {
	k := p.King(p.side)
	if k == NoSquare {
		return Bitboard{}
	}
	return p.attackersTo(p.side.Opp(), k)
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.Checkers().Any() }

// blockers returns the pieces (of either colour) that stand alone between
// the king on ksq and a sliding piece of colour sliderColor aimed at it.
// ksq must be a board square.
func (p *Position) blockers(ksq Square, sliderColor Color) Bitboard {
	sl := p.byColor[sliderColor]
	snipers := tbl.rookRays[ksq].And(p.byKind[Rook].Or(p.byKind[Dragon]))
	snipers = snipers.Or(tbl.bishopRays[ksq].And(p.byKind[Bishop].Or(p.byKind[Horse])))
	// A lance aimed at ksq stands in front of the king as the king's side sees it.
	snipers = snipers.Or(tbl.forward[sliderColor.Opp()][ksq].And(p.byKind[Lance]))
	snipers = snipers.And(sl)
	var out Bitboard
	for snipers.Any() {
		s := snipers.PopLSB()
		b := tbl.between[ksq][s].And(p.occ)
		if b.Any() && !b.MoreThanOne() {
			out = out.Or(b)
		}
	}
	return out
}

// Between returns the squares strictly between a and b when they share a
// file, rank or diagonal, and the empty set otherwise.
func Between(a, b Square) Bitboard {
	if !a.Valid() || !b.Valid() {
		return Bitboard{}
	}
	return tbl.between[a][b]
}

// LineThrough returns the whole file, rank or diagonal through a and b,
// both included, when they share one, and the empty set otherwise (also
// when a == b).
func LineThrough(a, b Square) Bitboard {
	if !a.Valid() || !b.Valid() {
		return Bitboard{}
	}
	return tbl.line[a][b]
}
