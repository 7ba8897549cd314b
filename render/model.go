package render

import (
	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/variant"
)

// model is what a diagram shows of a position, from package shogi or
// package variant: Text and SVG draw a model, so that both kinds of
// position share one layout.
type model struct {
	cells [shogi.NumSquares]cell
	hands [2][]handItem // by colour, in SFEN order
	side  shogi.Color
	mated bool // the side to move is in check with no legal move
	sfen  string
	fairy bool // a fairy kind or a royal other than a king is on the board or in a hand
}

// cell is one square of a model.
type cell struct {
	ok       bool // a piece stands there
	color    shogi.Color
	token    string  // its SFEN token: "+b", "$B", "(gh)"
	name     string  // its kanji
	scale    float64 // its size in the picture
	promoted bool    // a promoted piece: red kanji
	royal    bool    // a royal other than a king: ringed in the picture
}

// handItem is one kind of a hand.
type handItem struct {
	token string // the kind's SFEN token in its owner's case: "R", "p", "(gh)"
	name  string // its kanji
	n     int
}

func shogiModel(p *shogi.Position) *model {
	m := &model{side: p.SideToMove(), sfen: p.SFEN(), mated: p.InCheck() && !p.HasLegalMove()}
	for s := range shogi.Square(shogi.NumSquares) {
		pc := p.PieceAt(s)
		if pc == shogi.NoPiece || !pc.Kind().Valid() {
			continue
		}
		k := pc.Kind()
		m.cells[s] = cell{ok: true, color: pc.Color(), token: pc.String(), name: svgNames[k],
			scale: pieceScale[k.Demote()], promoted: k.IsPromoted()}
	}
	for c := range shogi.Color(2) {
		h := p.Hand(c)
		for _, k := range textHandKinds {
			if n := h.Count(k); n > 0 {
				m.hands[c] = append(m.hands[c], handItem{token: shogi.NewPiece(c, k).String(), name: svgNames[k], n: n})
			}
		}
	}
	return m
}

// fairyScale is the size of a fairy piece in the picture: a gold's.
const fairyScale = 0.94

func variantModel(p *variant.Position) *model {
	m := &model{side: p.SideToMove(), sfen: p.SFEN(), mated: p.IsMate()}
	for s := range shogi.Square(shogi.NumSquares) {
		pc := p.PieceAt(s)
		if pc == variant.NoPiece || !variant.ValidKind(pc.Kind()) {
			continue
		}
		k := pc.Kind()
		def := variant.Def(k)
		c := cell{ok: true, color: pc.Color(), token: pc.String(), name: def.Kanji, scale: fairyScale,
			royal: pc.Royal() && k != shogi.King}
		if !def.Fairy {
			c.scale, c.promoted = pieceScale[k.Demote()], k.IsPromoted()
		}
		m.fairy = m.fairy || def.Fairy || c.royal
		m.cells[s] = c
	}
	for c := range shogi.Color(2) {
		h := p.Hand(c)
		for _, k := range variant.HandKinds() {
			if n := h.Count(k); n > 0 {
				m.hands[c] = append(m.hands[c], handItem{token: variant.NewPiece(c, k, false).String(), name: variant.Def(k).Kanji, n: n})
				m.fairy = m.fairy || variant.Def(k).Fairy
			}
		}
	}
	return m
}
