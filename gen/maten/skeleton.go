package maten

import (
	"slices"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// Skeleton returns the skeleton of the main line line played from pos
// (docs/generation.md, "Variety in a run"): the kinds of its moves, one
// word a ply, and whether the king starts on an edge file. An attacker
// move is d (a drop) or m (a board move), followed by + when it promotes
// and x when it captures; a defender move is K (the king steps), Kx (the
// king takes), x (another piece takes), i (an interposition: a drop) or
// m (another board move). The last word is edge when the king starts on
// file 1 or 9, inner otherwise. ▲９二歩打 △同玉 ▲９三香打 from a king on
// 9a is "d Kx d edge"; a problem that is another with one more drop in
// front has a skeleton of its own, as have the same line shape on an
// edge file and inside the board. The skeleton does not depend on the
// pieces' kinds (the variety cap classes the mating piece apart) and is
// the same for a problem and its mirror image.
func Skeleton(pos *shogi.Position, line []shogi.Move) string {
	var b strings.Builder
	p := *pos
	for i, m := range line {
		captures := !m.IsDrop() && p.PieceAt(m.To()) != shogi.NoPiece
		switch {
		case i%2 == 0:
			if m.IsDrop() {
				b.WriteByte('d')
			} else {
				b.WriteByte('m')
			}
			if m.IsPromotion() {
				b.WriteByte('+')
			}
			if captures {
				b.WriteByte('x')
			}
		default:
			b.WriteString(reply(&p, m))
		}
		b.WriteByte(' ')
		p.DoMove(m)
	}
	if f := pos.King(shogi.White).File(); f == 1 || f == 9 {
		b.WriteString("edge")
	} else {
		b.WriteString("inner")
	}
	return b.String()
}

// openingWords is the number of words of a skeleton that make its
// opening: the key, the reply, the second attacker move and its reply.
const openingWords = 4

// Opening returns the opening of a skeleton (Skeleton): its first four
// words, or the whole skeleton of a shorter line. "d x mx Kx d K m edge"
// opens "d x mx Kx": a drop a guard takes, the attacker retakes, the king
// takes. The variety cap classes a composed problem by it too, so that
// lines that differ only after the same four plies do not fill a run.
func Opening(skeleton string) string {
	w := strings.Fields(skeleton)
	return strings.Join(w[:min(openingWords, len(w))], " ")
}

// Idea returns the idea of the main line line played from pos: the kind
// of the piece of its first move (unpromoted: a promoting silver is S, a
// dragon R) and whether it is dropped (d) or moved (m), then the same of
// the mating move, as in
// "S d S m" for ▲８四銀打 △同銀 ▲９四銀. Readers of a run see one idea
// twice however the king's file or the promotions differ (the eleventh
// blind read, docs/quality-report.md: "a lance promotes as a sacrifice,
// a knight drop mates", once on the edge and once inside), which the
// skeleton (Skeleton) tells apart; the variety cap classes a composed
// problem by it too. "" for an empty line.
func Idea(pos *shogi.Position, line []shogi.Move) string {
	if len(line) == 0 {
		return ""
	}
	p := *pos
	word := func(m shogi.Move) string {
		if m.IsDrop() {
			return m.DroppedKind().Letter() + " d"
		}
		return p.PieceAt(m.From()).Kind().Demote().Letter() + " m"
	}
	first := word(line[0])
	for _, m := range line[:len(line)-1] {
		p.DoMove(m)
	}
	return first + " " + word(line[len(line)-1])
}

// Motifs returns the motifs of the main line line played from pos: that
// of its first move and that of its mating move, each the kind of the
// piece before the move (a dragon is +R, a promoted silver +S) and how
// it moves: d (dropped), m+ (promotes), m= (stays unpromoted where it
// could promote, 不成) or m. A knight that promotes beside the king as a
// sacrifice opens "N m+", a silver that mates without promoting ends
// "S m=". The twelfth blind read (docs/quality-report.md) found such a
// motif four times in one worksheet of 30, mostly across lengths, each
// time with another idea (Idea) or another mating piece's region; the
// variety cap classes a composed problem by each motif too. "", "" for
// an empty line.
func Motifs(pos *shogi.Position, line []shogi.Move) (first, mate string) {
	if len(line) == 0 {
		return "", ""
	}
	p := *pos
	first = motif(&p, line[0])
	for _, m := range line[:len(line)-1] {
		p.DoMove(m)
	}
	return first, motif(&p, line[len(line)-1])
}

// motif returns the motif of the attacker's move m from p (Motifs).
func motif(p *shogi.Position, m shogi.Move) string {
	if m.IsDrop() {
		return m.DroppedKind().Letter() + " d"
	}
	pc := p.PieceAt(m.From())
	switch {
	case m.IsPromotion():
		return pc.Kind().Letter() + " m+"
	case shogi.MayPromote(pc, m.From(), m.To()):
		return pc.Kind().Letter() + " m="
	}
	return pc.Kind().Letter() + " m"
}

// reply returns the word of a skeleton (Skeleton) for the defender's
// move m from p: K (the king steps), Kx (the king takes), x (another
// piece takes), i (an interposition: a drop) or m (another board move).
func reply(p *shogi.Position, m shogi.Move) string {
	captures := !m.IsDrop() && p.PieceAt(m.To()) != shogi.NoPiece
	switch {
	case m.IsDrop():
		return "i"
	case m.Piece().Kind() == shogi.King && captures:
		return "Kx"
	case m.Piece().Kind() == shogi.King:
		return "K"
	case captures:
		return "x"
	}
	return "m"
}

// NonPromotions returns the kinds, each once and in the order first
// played, of the attacker's pieces that stay unpromoted in the zone (不成)
// anywhere in the main line line played from pos: "S" for a line with a
// silver 不成 on its third ply. The fifteenth blind read
// (docs/quality-report.md) counted a silver 不成 in six of 30 problems,
// two of them on a ply no motif (Motifs) looks at; the variety cap
// classes a composed problem by each.
func NonPromotions(pos *shogi.Position, line []shogi.Move) []string {
	var kinds []string
	p := *pos
	for i, m := range line {
		if i%2 == 0 && !m.IsDrop() && !m.IsPromotion() {
			pc := p.PieceAt(m.From())
			if k := pc.Kind().Letter(); shogi.MayPromote(pc, m.From(), m.To()) && !slices.Contains(kinds, k) {
				kinds = append(kinds, k)
			}
		}
		p.DoMove(m)
	}
	return kinds
}

// Sacrifices returns the sacrifices (捨て駒) of the main line line played
// from pos, in order, a word each: the kind of the attacker's piece
// before its move, how it came (d dropped, m+ promoting, m moved), then
// x and the kind of the defender's piece that takes it on the next ply (K
// for the king). ▲４一香成 △同銀 ▲３二歩打 △同銀 ▲４二金 … has "Lm+xS PdxS";
// a line without a sacrifice has "". The eighteenth blind read
// (docs/quality-report.md) found that chain, a lance that promotes and a
// pawn dropped for one silver to take each, in two of ten mate-in-7s,
// with other skeletons, openings and ideas; the variety cap classes a
// composed problem by its chain too.
func Sacrifices(pos *shogi.Position, line []shogi.Move) string {
	var words []string
	p := *pos
	for i, m := range line {
		if sacrificeAt(line, i) {
			var w string
			switch {
			case m.IsDrop():
				w = m.DroppedKind().Letter() + "d"
			case m.IsPromotion():
				w = p.PieceAt(m.From()).Kind().Letter() + "m+"
			default:
				w = p.PieceAt(m.From()).Kind().Letter() + "m"
			}
			words = append(words, w+"x"+p.PieceAt(line[i+1].From()).Kind().Letter())
		}
		p.DoMove(m)
	}
	return strings.Join(words, " ")
}

// sacrificeAt reports whether line[i] is an attacker move whose piece the
// defender takes on the next ply: a sacrifice (Sacrifices, Lure).
func sacrificeAt(line []shogi.Move, i int) bool {
	return i%2 == 0 && i+1 < len(line) && !line[i+1].IsDrop() && line[i+1].To() == line[i].To()
}

// Sacrificed returns the chain of two or more sacrifices of the main line
// line played from pos (Sacrifices) without the defender's pieces that
// take them: "Gd Nm+" for "GdxS Nm+xK" and for "GdxG Nm+xK" alike; ""
// for a line with fewer than two. The twenty-first blind read
// (docs/quality-report.md) found two mate-in-7s of one worksheet, a gold
// dropped on 8一 and a knight that takes back on it promoting for the
// king to take, alike "almost move for move", where a silver took the
// gold in one and a gold in the other; the variety cap classes a
// composed problem by this too. A single sacrifice is no such class: a
// gold moved for the king or a piece to take is the sacrifice of 18% of
// 1,000 composed mate-in-3s.
func Sacrificed(pos *shogi.Position, line []shogi.Move) string {
	words := strings.Fields(Sacrifices(pos, line))
	if len(words) < 2 {
		return ""
	}
	for i, w := range words {
		words[i], _, _ = strings.Cut(w, "x")
	}
	return strings.Join(words, " ")
}

// Takers returns the defender's pieces that take the sacrifices of the
// main line line played from pos (Sacrifices), in order, when there are
// two or more and one kind other than the king takes them all: "S S" for
// "+RmxS BdxS" and for "GmxS Rm+xS" alike; "" otherwise ("S K", a
// single sacrifice). The twenty-sixth and twenty-seventh blind reads
// (docs/quality-report.md) found "two sacrifices make the defender's
// silvers block" in two mate-in-5s of one worksheet and a mate-in-7 of
// it, with other pieces sacrificed and other chains; the variety cap
// classes a composed problem of up to 7 plies by its takers among the
// problems of its length. "S S" is 14% of 100 composed mate-in-5s of seed 26 and 17% of
// the mate-in-7s. Chains with the king among the takers are no class:
// with them ("S K" 12%, "K K" 11% of those mate-in-7s) 100 mate-in-7s
// of seed 26 took 159 s instead of 68.
func Takers(pos *shogi.Position, line []shogi.Move) string {
	words := strings.Fields(Sacrifices(pos, line))
	if len(words) < 2 {
		return ""
	}
	for i, w := range words {
		_, words[i], _ = strings.Cut(w, "x")
		if words[i] == "K" || words[i] != words[0] {
			return ""
		}
	}
	return strings.Join(words, " ")
}

// Contact returns the start of a problem pos as a reader sees its king:
// the defender's (White's) king's square and each attacker piece on a
// square next to it, with its square, mirrored onto files 1 to 5 (for a
// king on the 5th file, the smaller of the two readings): "1b G2a" for a
// king on 9二 with an attacker's gold on 8一; "" when no attacker piece
// touches the king. The twenty-second blind read (docs/quality-report.md)
// found two mate-in-3s of one worksheet, each a king on 9二 with a gold
// on 8一 and a dragon on the back rank, "the same corner", and a
// mate-in-3 and a mate-in-7 that "start from the same layout" (a king on
// 1二 with a silver on 2二); the variety cap classes a composed problem
// by its contact too. The most common among 1,000 composed mate-in-3s
// of seed 26 is "1b G2a" (4.5%).
func Contact(pos *shogi.Position) string {
	k := pos.King(shogi.White)
	if k == shogi.NoSquare {
		return ""
	}
	return fromKingSide(k, func(mirror bool) string {
		var words []string
		for fl := max(k.File()-1, 1); fl <= min(k.File()+1, 9); fl++ {
			for r := max(k.Rank()-1, 1); r <= min(k.Rank()+1, 9); r++ {
				if pc := pos.PieceAt(shogi.NewSquare(fl, r)); pc != shogi.NoPiece && pc.Color() == shogi.Black {
					words = append(words, pc.Kind().Letter()+mirrored(shogi.NewSquare(fl, r), mirror))
				}
			}
		}
		if len(words) == 0 {
			return ""
		}
		slices.Sort(words)
		return mirrored(k, mirror) + " " + strings.Join(words, " ")
	})
}

// fromKingSide returns read(mirror) for the reading of the board that
// puts the defender's king k on files 1 to 5 (mirror set for a king on
// files 6 to 9), or for a king on the 5th file the smaller of the two
// readings, so that a problem and its mirror image read alike; without
// a king (k is shogi.NoSquare), the board as it stands.
func fromKingSide(k shogi.Square, read func(mirror bool) string) string {
	switch {
	case k == shogi.NoSquare, k.File() < 5:
		return read(false)
	case k.File() > 5:
		return read(true)
	}
	return min(read(false), read(true))
}

// mirrored returns the name of s, or of its mirror image when mirror is
// set: 9a reads 1a.
func mirrored(s shogi.Square, mirror bool) string {
	if mirror {
		s = shogi.NewSquare(10-s.File(), s.Rank())
	}
	return s.String()
}

// Mate returns the mating move of the main line line played from pos as
// a reader sees it: its motif (as Motifs gives it: "S m+" for a silver
// that promotes) and its square, mirrored onto files 1 to 5 (a mate on
// 9a is one on 1a), as in "S m+ 1a". The nineteenth blind read
// (docs/quality-report.md) found the same last move, ▲１一銀成 after a
// piece dropped on 1三 for the gold to take, ending a mate-in-3 and a
// mate-in-7 of one worksheet, and the eighteenth ▲８四銀 ending two
// mate-in-3s with other ideas; the variety cap classes a composed
// problem by its mate too. "" for an empty line.
func Mate(pos *shogi.Position, line []shogi.Move) string {
	if len(line) == 0 {
		return ""
	}
	_, m := Motifs(pos, line)
	return m + " " + folded(line[len(line)-1].To())
}

// folded returns s mirrored onto files 1 to 5: 9a reads 1a.
func folded(s shogi.Square) string {
	return shogi.NewSquare(min(s.File(), 10-s.File()), s.Rank()).String()
}

// Key returns the key (the first move) of the main line line played from
// pos as a reader sees it: its motif (Motifs) and its square, mirrored
// onto files 1 to 5, as Mate gives the last move: "N m= 2c" for
// ▲２三桂不成. The thirtieth blind read (docs/quality-report.md) found
// two mate-in-7s of one worksheet opening ▲２三桂不成 △同金, "the same
// opening" to all three readers, though their skeletons, ideas, routes
// and mates differ; the variety cap classes a composed problem by its
// key among the problems of its length. "" for an empty line.
func Key(pos *shogi.Position, line []shogi.Move) string {
	if len(line) == 0 {
		return ""
	}
	first, _ := Motifs(pos, line)
	return first + " " + folded(line[0].To())
}

// Tail returns the last three plies of the main line line played from
// pos as a reader sees them: the kind of the attacker's piece that moves
// two plies before the mate (unpromoted: a dragon is R), the defender's
// reply as Skeleton words it, and the mating move's motif (Motifs):
// "R K P m+" for ▲１一竜 △３二玉 ▲４二歩成. The thirtieth blind read
// found three mate-in-7s of one worksheet ending with a rook or dragon
// check on the back rank, a king's step and a promoting mate ("the same
// rhythm"; two of them mate with a pawn), whose chains of sacrifices,
// routes and mating squares differ; the variety cap classes a composed
// problem by its tail among the problems of its length. "" for a line of
// fewer than three plies.
func Tail(pos *shogi.Position, line []shogi.Move) string {
	n := len(line)
	if n < 3 {
		return ""
	}
	p := *pos
	for _, m := range line[:n-3] {
		p.DoMove(m)
	}
	check := line[n-3]
	kind := check.DroppedKind()
	if !check.IsDrop() {
		kind = p.PieceAt(check.From()).Kind().Demote()
	}
	p.DoMove(check)
	r := reply(&p, line[n-2])
	p.DoMove(line[n-2])
	return kind.Letter() + " " + r + " " + motif(&p, line[n-1])
}

// Route returns the squares the attacker's moves of the main line line
// go to, in order, mirrored so that the king of pos stands on files 1 to
// 5 (for a king on the 5th file, the smaller of the two readings): "2b
// 3c 2b" for ▲８二金 △同金 ▲７三飛打 △同金 ▲８二と from a king on 8三. The
// twenty-sixth blind read (docs/quality-report.md) found two mate-in-5s
// of one worksheet with that route, one with a gold, a rook and a tokin,
// the other with a silver and two golds, "almost a copy" to both readers,
// though their skeletons, chains and mates differ; the variety cap
// classes a composed problem of 5 plies or more by its route among the
// problems of its length. The most common route of 100 composed problems of seed 26 is
// 6% of the mate-in-3s, 5% of the mate-in-5s and 3% of the mate-in-7s.
func Route(pos *shogi.Position, line []shogi.Move) string {
	read := func(mirror bool) string {
		var words []string
		for i := 0; i < len(line); i += 2 {
			words = append(words, mirrored(line[i].To(), mirror))
		}
		return strings.Join(words, " ")
	}
	return fromKingSide(pos.King(shogi.White), read)
}

// startPlies is the number of plies of a main line that make its start
// (Start): the key and the reply.
const startPlies = 2

// Start returns the first two plies of the main line line played from
// pos as a reader sees them on the board: for each, the piece that stands
// on its square after it (a promoting silver reads +S) and the square,
// mirrored with the king onto files 1 to 5, as in "P 1d S 1d" for
// ▲９四歩 △同銀 against a king on 9三; a shorter line gives all its
// plies. The forty-fifth blind read (docs/quality-report.md) found a
// mate-in-5 of one worksheet opening with a mate-in-3's whole line on
// the same squares ("starts exactly like problem 1"), a "no" and a
// "perhaps"; the fifty-second, a mate-in-3 and a mate-in-5 sharing
// their first two plies (▲８三金 △同玉, then a rook drop on 8二 in one
// and on 7三 in the other), "perhaps" from both teachers to both. The
// key (Key) is a class of its own length only, and the lines' skeletons
// differ. The variety cap classes a worksheet's problem by its start
// against every length. "" for an empty line.
func Start(pos *shogi.Position, line []shogi.Move) string {
	if len(line) == 0 {
		return ""
	}
	line = line[:min(len(line), startPlies)]
	read := func(mirror bool) string {
		var b strings.Builder
		for i, m := range line {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(m.PieceAfter().Kind().Letter())
			b.WriteByte(' ')
			b.WriteString(mirrored(m.To(), mirror))
		}
		return b.String()
	}
	return fromKingSide(pos.King(shogi.White), read)
}

// Lure returns the first sacrifice of the main line line played from pos
// as a reader remembers it: the kind of the defender's piece that takes
// it (K for the king) and the square, mirrored onto files 1 to 5, as in
// "S 3a" for ▲３一香成 △同銀; "" for a line without a sacrifice. The
// thirty-fourth blind read (docs/quality-report.md) found two mate-in-3s
// of one worksheet, ▲３一香成 △同銀 ▲３三桂打 and ▲３一銀打 △同銀 ▲３三香成,
// "a near copy" to both readers (the silver of 2二 lured to 3一), and two
// more, ▲８二角打 △同金 ▲８四銀 and ▲８二飛打 △同金 ▲７四馬, with other
// kings, pieces, skeletons and mates; the variety cap classes a composed
// problem by its lure among the problems of its length in a worksheet
// (a run of one length has no such class).
func Lure(pos *shogi.Position, line []shogi.Move) string {
	p := *pos
	for i, m := range line {
		if sacrificeAt(line, i) {
			p.DoMove(m)
			return p.PieceAt(line[i+1].From()).Kind().Letter() + " " + folded(m.To())
		}
		p.DoMove(m)
	}
	return ""
}

// FreeFinish reports whether the defender's last move in the main line
// line, the reply before the mate, is a free step of the king: a step to
// a square the attacker's move before it did not move to, not the
// capture of a sacrifice, so that the line ends as a chase (the king
// walks out and a plain drop follows it to mate: ▲９二香成 △７一玉
// ▲６一金打). The thirty-fifth blind read (docs/quality-report.md) found
// three mate-in-7s of one worksheet ending so, after a sacrifice the king
// takes and a silver or rook dropped, "essentially one problem" to one
// reader, a chase to both; they differ in every other class. The
// variety cap classes a composed problem by it among the problems of
// its length in a worksheet.
func FreeFinish(line []shogi.Move) bool {
	i := len(line) - 2
	if i < 1 {
		return false
	}
	d := line[i]
	return !d.IsDrop() && d.Piece().Kind() == shogi.King && d.To() != line[i-1].To()
}

// LooseFinish reports whether the defender's king, before its last
// reply in the main line line played from pos, has LooseKingMoves legal
// moves or more, each of them mated by the last move or another: a net
// the reader finds loose (the forty-third blind read,
// docs/quality-report.md: "the king gets five replies on move 6, each
// mated by a gold drop"). Over the thirty-fourth to forty-third reads the
// teachers said "yes" to 38% of the mate-in-7s whose king had three moves
// or more there (13 of 34) against 72% of the others, and to 57% of such
// mate-in-5s (8 of 14) against 78%; the variety cap classes a composed
// problem by it among the problems of its length in a worksheet.
func LooseFinish(pos *shogi.Position, line []shogi.Move) bool {
	if len(line) < 3 {
		return false
	}
	p := *pos
	for _, m := range line[:len(line)-2] {
		p.DoMove(m)
	}
	var buf [8]shogi.Move
	return len(p.KingEvasions(buf[:0])) >= LooseKingMoves
}

// LooseKingMoves is the least number of the king's moves before the
// defender's last reply that makes a finish loose (LooseFinish).
const LooseKingMoves = 3

// StandingCapture reports whether the attacker, before the mating move of
// line from pos, captures a defender's piece that did not just move to
// its square: a piece that stood there from the start or moved there
// earlier, taken as in a trade. The recapture of a piece the defender
// has just dropped or moved (an interposition taken, 中合 then 同) is
// none. Over the thirty-fourth to thirty-eighth blind reads
// (docs/quality-report.md), 25 of 50 mate-in-7s had one, and the teachers
// said "yes" to 52% of those against 72% of the others ("a gold trade",
// "the lance simply takes a silver"); the variety cap classes a composed
// problem by it among the problems of its length in a worksheet.
func StandingCapture(pos *shogi.Position, line []shogi.Move) bool {
	p := *pos
	attacker := pos.SideToMove()
	for i, m := range line[:max(len(line)-1, 0)] {
		if p.SideToMove() == attacker && !m.IsDrop() && p.PieceAt(m.To()) != shogi.NoPiece &&
			(i == 0 || m.To() != line[i-1].To()) {
			return true
		}
		p.DoMove(m)
	}
	return false
}

// KnightPromotionSacrifice reports whether line sacrifices a knight as it
// promotes: a knight's move that promotes, taken on the next ply. The
// thirty-ninth and forty-first blind reads (docs/quality-report.md)
// found eight and about twelve of 30 problems built on one ("a knight
// promoting as a sacrifice is the key or a main step in about eight
// problems", "it gets predictable"), each with other skeletons, chains
// and mates; the variety cap classes a worksheet's problem by it.
func KnightPromotionSacrifice(line []shogi.Move) bool {
	for i, m := range line {
		if sacrificeAt(line, i) && !m.IsDrop() && m.IsPromotion() && m.Piece().Kind() == shogi.Knight {
			return true
		}
	}
	return false
}
