package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"

	"github.com/tsume-shogi/tsume/shogi"
)

// SVGOptions adjusts the picture drawn by [SVG]. The zero value draws the
// bare position.
type SVGOptions struct {
	// Title is a line of text above the board (and the picture's <title>);
	// empty for none. It is escaped as XML needs, and shrunk to fit the
	// picture's width when it is long.
	Title string

	// Highlight marks a move on the board: its destination square in a
	// strong shade and, for a board move, its origin in a lighter one, as
	// a game viewer marks the last move. NoMove marks nothing. The move
	// is not checked against the position.
	Highlight shogi.Move

	// Squares lists further squares to mark in the destination's shade.
	// Values that name no square are ignored.
	Squares []shogi.Square

	// TextGlyphs draws the characters of the board (the pieces, the file
	// and rank labels, the hands, 後手番) as <text> in [FontFamily]
	// rather than as outlines: the picture is smaller and its characters
	// can be selected and searched, but where no Japanese font is
	// installed they show as empty boxes. A title is drawn as outlines
	// only when every character of it has one (第12問, 三手詰 do); any
	// other title is <text> in either form.
	TextGlyphs bool

	// Portrait draws the hands as rows, White's above the board (from
	// its left edge) and Black's below it (to its right edge), instead of
	// columns at its sides: a narrower picture, 414 pixels wide rather
	// than 502, whose board takes 87% of its width rather than 72%, for
	// a phone's screen held upright.
	Portrait bool
}

// FontFamily is the font stack of the pictures: Japanese serif (Mincho)
// faces first, as printed diagrams use, then Japanese sans-serif faces,
// so that one of them is found on common systems (Noto CJK on Linux and
// Android, Hiragino on macOS and iOS, Yu or MS Mincho on Windows, IPA
// fonts, Source Han), and the generic serif family last.
const FontFamily = `'Noto Serif CJK JP','Noto Serif JP','Source Han Serif','Source Han Serif JP',` +
	`'Hiragino Mincho ProN','Yu Mincho','YuMincho','MS Mincho','IPAMincho','IPAexMincho',` +
	`'Noto Sans CJK JP','Hiragino Sans','Yu Gothic','Meiryo',serif`

// Geometry of the picture, in the units of its viewBox (pixels at the
// natural size). A square is a little taller than wide, as on a real board.
const (
	cellW      = 40.0 // width of a square
	cellH      = 44.0 // height of a square
	pad        = 14.0 // outer margin
	titleH     = 40.0 // height of the title line, when there is one
	fileLabelH = 24.0 // the file numbers above the board
	rankLabelW = 26.0 // the rank numerals right of the board
	handColW   = 34.0 // a hand's column
	handGap    = 10.0 // between a hand's column and the board or its labels
	handRowH   = 34.0 // a hand's row, in the portrait layout
	kindGap    = 6.0  // between the kinds of a hand's row
	turnH      = 30.0 // the 後手番 line under the board, when White is to move
	boardW     = 9 * cellW
	boardH     = 9 * cellH
)

// Colours.
const (
	colInk       = "#2b2118" // lines, kanji and labels
	colBoard     = "#f3dcaa" // the board
	colPiece     = "#fff8e8" // a piece's face
	colPieceEdge = "#5b4633"
	colPromoted  = "#b0141c" // the kanji of a promoted piece, red as on real pieces
	colMark      = "#e8590c" // highlighted squares
	colLabel     = "#5b4633" // file and rank labels
	colRoyal     = "#1c5fb0" // the ring round a royal other than a king
)

// svgNames are the one-character piece names of a diagram; the promoted
// lance, knight and silver have their one-character forms.
var svgNames = [shogi.NumKinds]string{
	shogi.Pawn: "歩", shogi.Lance: "香", shogi.Knight: "桂", shogi.Silver: "銀", shogi.Bishop: "角",
	shogi.Rook: "飛", shogi.Gold: "金", shogi.King: "玉", shogi.ProPawn: "と", shogi.ProLance: "杏",
	shogi.ProKnight: "圭", shogi.ProSilver: "全", shogi.Horse: "馬", shogi.Dragon: "龍",
}

// pieceScale sizes the pieces as real sets do: the king largest, the pawn
// smallest. A promoted piece has the size of its base kind.
var pieceScale = [shogi.NumKinds]float64{
	shogi.King: 1, shogi.Rook: 0.97, shogi.Bishop: 0.97, shogi.Gold: 0.94, shogi.Silver: 0.94,
	shogi.Knight: 0.91, shogi.Lance: 0.89, shogi.Pawn: 0.87,
}

var fullWidthDigits = [10]string{"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
var kanjiDigits = [10]string{"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"}

// kanjiCount writes a count in kanji numerals: 二, 十, 十八, 二十一.
func kanjiCount(n int) string {
	switch {
	case n < 0 || n > 99:
		s := ""
		for _, d := range strconv.Itoa(n) {
			if d >= '0' && d <= '9' {
				s += fullWidthDigits[d-'0']
			}
		}
		return s
	case n < 10:
		return kanjiDigits[n]
	}
	s := ""
	if n/10 > 1 {
		s = kanjiDigits[n/10]
	}
	s += "十"
	if n%10 > 0 {
		s += kanjiDigits[n%10]
	}
	return s
}

// SVG returns p as a picture in SVG 1.1, as a printed problem diagram
// draws it: the 9×9 board with its four star points, the files numbered
// １–９ from right to left above it and the ranks 一–九 down its right
// side; each piece as its kanji on a five-sided piece, White's turned
// 180°, promoted pieces in red; White's hand in a column at the top left
// and Black's at the bottom right, each headed △持駒 or ▲持駒 and written
// top to bottom with kanji counts (金二, 歩十八) or なし; 後手番 under the
// board when White is to move, or 詰み when the side to move is mated
// (in check with no legal move: after the mate of a solution); and the
// optional title line and highlighted squares of opts.
//
// The picture has a viewBox and scales to any size; its natural size is
// 502 by 448 pixels, 40 more in height with a title and 30 more with
// 後手番 or 詰み. [SVGOptions.Portrait] puts the hands in rows above and below
// the board instead: 414 pixels wide, 72 more in height than the
// landscape picture. The characters of the board are drawn as outlines, defined
// once each in the picture's <defs> and placed with <use>, so that the
// picture needs no font; [SVGOptions.TextGlyphs] writes them as <text>
// instead. So is a title made of the characters that have outlines
// (第12問, 三手詰); any other title is <text> in [FontFamily]. The position's SFEN
// is kept in the picture's <desc>. Every board piece is a <g> element of
// class "piece black" or "piece white".
func SVG(p *shogi.Position, opts SVGOptions) []byte {
	d := newDrawing(shogiModel(p), opts)
	return d.render()
}

// drawing holds the computed layout of one picture.
type drawing struct {
	p    *model
	opts SVGOptions
	b    bytes.Buffer
	used []rune // the characters drawn as outlines, in order of first use

	width, height  float64
	top            float64 // top of the picture below the title
	labelY         float64 // top of the file labels
	boardX, boardY float64
	whiteX, blackX float64 // centres of the hands' columns (landscape)
	whiteY, blackY float64 // tops of the hands' rows (portrait)
	turnY          float64 // top of the 後手番 line
}

func newDrawing(p *model, opts SVGOptions) *drawing {
	d := &drawing{p: p, opts: opts}
	d.top = pad
	if opts.Title != "" {
		d.top += titleH
	}
	d.labelY = d.top
	if opts.Portrait {
		d.boardX = pad
		d.width = d.boardX + boardW + rankLabelW + pad
		d.whiteY = d.top
		d.labelY = d.whiteY + handRowH
		d.boardY = d.labelY + fileLabelH
		d.blackY = d.boardY + boardH + 4
		d.turnY = d.blackY + handRowH
	} else {
		d.whiteX = pad + handColW/2
		d.boardX = pad + handColW + handGap
		d.blackX = d.boardX + boardW + rankLabelW + handGap + handColW/2
		d.width = d.blackX + handColW/2 + pad
		d.boardY = d.labelY + fileLabelH
		d.turnY = d.boardY + boardH
	}
	d.height = d.turnY + pad
	if p.side == shogi.White || p.mated {
		d.height += turnH
	}
	return d
}

// num formats a coordinate with at most two decimals.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

func (d *drawing) printf(format string, args ...any) { fmt.Fprintf(&d.b, format, args...) }

// escape returns s escaped for XML text and attribute values; characters
// XML cannot hold become U+FFFD.
func escape(s string) string {
	var b bytes.Buffer
	_ = xml.EscapeText(&b, []byte(s)) // writing to a bytes.Buffer cannot fail
	return b.String()
}

func (d *drawing) render() []byte {
	w, h := num(d.width), num(d.height)
	d.printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	xlink := ` xmlns:xlink="http://www.w3.org/1999/xlink"`
	if d.opts.TextGlyphs {
		xlink = ""
	}
	d.printf(`<svg xmlns="http://www.w3.org/2000/svg"%s version="1.1" width="%s" height="%s" viewBox="0 0 %s %s" font-family="%s">`+"\n",
		xlink, w, h, w, h, FontFamily)
	if d.opts.Title != "" {
		d.printf("<title>%s</title>\n", escape(d.opts.Title))
	}
	d.printf("<desc>SFEN %s</desc>\n", escape(d.p.sfen))
	d.printf(`<rect width="%s" height="%s" fill="#ffffff"/>`+"\n", w, h)
	defsAt := d.b.Len()
	d.title()
	d.board()
	d.labels()
	d.pieces()
	d.hand(shogi.White)
	d.hand(shogi.Black)
	if turn := d.turnLine(); turn != "" {
		x, y := d.boardX+boardW/2, d.turnY+turnH/2+6
		if d.opts.TextGlyphs || !hasOutlines(turn) {
			d.printf(`<text class="turn" x="%s" y="%s" font-size="17" text-anchor="middle" fill="%s">%s</text>`+"\n",
				num(x), num(y), colInk, turn)
		} else {
			d.printf(`<g class="turn" fill="%s">`, colInk)
			d.outline(turn, x, y, 17, "")
			d.printf("</g>\n")
		}
	}
	d.printf("</svg>\n")
	out := d.b.Bytes()
	if defs := d.defs(); defs != nil {
		out = append(out[:defsAt:defsAt], append(defs, out[defsAt:]...)...)
	}
	return out
}

// turnLine returns the line under the board: 詰み when the side to move
// is mated (in check with no legal move), else 後手番 when White is to
// move, else none (Black to move, as diagrams leave it unsaid).
func (d *drawing) turnLine() string {
	switch {
	case d.p.mated:
		return "詰み"
	case d.p.side == shogi.White:
		return "後手番"
	}
	return ""
}

// title writes the title line, shrinking the font when an estimate of the
// text's width says it would not fit. A title whose every character has
// an outline (第12問, 三手詰) is drawn as outlines too; any other is text.
func (d *drawing) title() {
	t := d.opts.Title
	if t == "" {
		return
	}
	size := 21.0
	ems := 0.0
	for _, r := range t {
		if r < 0x2000 {
			ems += 0.55
		} else {
			ems++
		}
	}
	if avail := d.width - 2*pad; ems*size > avail {
		size = max(avail/ems, 6)
	}
	x, y := d.width/2, pad+titleH/2+size*0.36
	if d.opts.TextGlyphs || !hasOutlines(t) {
		d.printf(`<text class="title" x="%s" y="%s" font-size="%s" text-anchor="middle" font-weight="bold" fill="%s">%s</text>`+"\n",
			num(x), num(y), num(size), colInk, escape(t))
		return
	}
	d.printf(`<g class="title" fill="%s" stroke="%s" stroke-width="%d" stroke-linejoin="round">`, colInk, colInk, boldStroke)
	d.outline(t, x, y, size, "")
	d.printf("</g>\n")
}

// cellOrigin returns the top-left corner of square s.
func (d *drawing) cellOrigin(s shogi.Square) (x, y float64) {
	return d.boardX + float64(9-s.File())*cellW, d.boardY + float64(s.Rank()-1)*cellH
}

// board writes the board, the marked squares, the lines and the star points.
func (d *drawing) board() {
	d.printf(`<rect class="board" x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n",
		num(d.boardX), num(d.boardY), num(boardW), num(boardH), colBoard)
	mark := func(s shogi.Square, opacity string) {
		if !s.Valid() {
			return
		}
		x, y := d.cellOrigin(s)
		d.printf(`<rect class="mark" x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="%s"/>`+"\n",
			num(x), num(y), num(cellW), num(cellH), colMark, opacity)
	}
	if m := d.opts.Highlight; m != shogi.NoMove {
		if !m.IsDrop() {
			mark(m.From(), "0.3")
		}
		mark(m.To(), "0.65")
	}
	for _, s := range d.opts.Squares {
		mark(s, "0.65")
	}
	var path bytes.Buffer
	for i := 1; i < 9; i++ {
		x := d.boardX + float64(i)*cellW
		fmt.Fprintf(&path, "M%s %sV%s", num(x), num(d.boardY), num(d.boardY+boardH))
		y := d.boardY + float64(i)*cellH
		fmt.Fprintf(&path, "M%s %sH%s", num(d.boardX), num(y), num(d.boardX+boardW))
	}
	d.printf(`<path class="lines" d="%s" stroke="%s" stroke-width="1" fill="none"/>`+"\n", path.String(), colInk)
	d.printf(`<rect class="frame" x="%s" y="%s" width="%s" height="%s" stroke="%s" stroke-width="2.5" fill="none"/>`+"\n",
		num(d.boardX), num(d.boardY), num(boardW), num(boardH), colInk)
	d.printf(`<g class="stars" fill="%s">`, colInk)
	for _, i := range []float64{3, 6} {
		for _, j := range []float64{3, 6} {
			d.printf(`<circle cx="%s" cy="%s" r="3.2"/>`, num(d.boardX+i*cellW), num(d.boardY+j*cellH))
		}
	}
	d.printf("</g>\n")
}

// labels writes the file numbers above the board and the rank numerals
// right of it.
func (d *drawing) labels() {
	d.printf(`<g class="labels" font-size="15" text-anchor="middle" fill="%s">`+"\n", colLabel)
	label := func(s string, x, y float64) {
		if d.opts.TextGlyphs || !hasOutlines(s) {
			d.printf(`<text x="%s" y="%s">%s</text>`, num(x), num(y), s)
		} else {
			d.outline(s, x, y, 15, "")
		}
	}
	for f := 1; f <= 9; f++ {
		label(fullWidthDigits[f], d.boardX+float64(9-f)*cellW+cellW/2, d.labelY+fileLabelH/2+4)
	}
	d.printf("\n")
	for r := 1; r <= 9; r++ {
		label(kanjiDigits[r], d.boardX+boardW+rankLabelW/2+1, d.boardY+float64(r-1)*cellH+cellH/2+15*0.36)
	}
	d.printf("\n</g>\n")
}

// pieces writes every piece on the board.
func (d *drawing) pieces() {
	for r := 1; r <= 9; r++ {
		for f := 9; f >= 1; f-- {
			s := shogi.NewSquare(f, r)
			if c := d.p.cells[s]; c.ok {
				d.piece(s, c)
			}
		}
	}
}

// piece writes one piece: a five-sided shape pointing away from its owner
// with the kanji on it, drawn upright and turned 180° for White; a royal
// other than a king is ringed.
func (d *drawing) piece(s shogi.Square, pc cell) {
	x, y := d.cellOrigin(s)
	cx, cy := x+cellW/2, y+cellH/2
	side, turn := "black", ""
	if pc.color == shogi.White {
		side, turn = "white", " rotate(180)"
	}
	if pc.royal {
		side += " royal"
	}
	sc := pc.scale
	pw, ph := 35*sc, 40*sc
	shape := fmt.Sprintf("M0 %sL%s %sL%s %sL%s %sL%s %sZ",
		num(-ph/2),
		num(0.41*pw), num(-0.30*ph),
		num(0.5*pw), num(ph/2),
		num(-0.5*pw), num(ph/2),
		num(-0.41*pw), num(-0.30*ph))
	fill := colInk
	if pc.promoted {
		fill = colPromoted
	}
	fs := 26 * sc
	ring := ""
	if pc.royal {
		ring = fmt.Sprintf(`<circle class="ring" r="%s" fill="none" stroke="%s" stroke-width="2.5"/>`, num(0.48*min(cellW, cellH)), colRoyal)
	}
	d.printf(`<g class="piece %s" transform="translate(%s %s)%s">%s<path d="%s" fill="%s" stroke="%s" stroke-width="1" stroke-linejoin="round"/>`,
		side, num(cx), num(cy), turn, ring, shape, colPiece, colPieceEdge)
	if y := 0.07*ph + fs*0.36; d.opts.TextGlyphs || !hasOutlines(pc.name) {
		d.printf(`<text y="%s" font-size="%s" font-weight="bold" text-anchor="middle" fill="%s">%s</text>`,
			num(y), num(fs), fill, pc.name)
	} else {
		// The stroke in the colour of the fill thickens the outline as
		// the text form's bold does.
		d.outline(pc.name, 0, y, fs, fmt.Sprintf(` fill="%s" stroke="%s" stroke-width="%d" stroke-linejoin="round"`, fill, fill, boldStroke))
	}
	d.printf("</g>\n")
}

// glyph is one character of a hand's column.
type glyph struct {
	text string
	size float64 // font size
	step float64 // space it takes down a column (or across a row)
}

// handGlyphs returns the column (or row) of c's hand: the header, then
// each kind held with its count, or なし.
func (d *drawing) handGlyphs(c shogi.Color) []glyph {
	mark := "▲"
	if c == shogi.White {
		mark = "△"
	}
	g := []glyph{{mark, 15, 21}, {"持", 18, 22}, {"駒", 18, 22}, {"", 0, 8}}
	if len(d.p.hands[c]) == 0 {
		return append(g, glyph{"な", 19, 23}, glyph{"し", 19, 23})
	}
	for i, it := range d.p.hands[c] {
		n := it.n
		if i > 0 && d.opts.Portrait {
			g = append(g, glyph{"", 0, kindGap}) // a row's kinds a little apart
		}
		g = append(g, glyph{it.name, 25, 29})
		if n > 1 {
			for _, r := range kanjiCount(n) {
				g = append(g, glyph{string(r), 18, 21})
			}
		}
	}
	return g
}

// hand writes c's hand as a column of characters: White's at the top
// left, starting level with the file numbers; Black's at the bottom right,
// ending level with the bottom of the board. A column longer than that
// height is compressed to fit. In the portrait layout it is a row
// instead, the kinds a little apart: White's above the board from its
// left edge, Black's below it to the right edge of the rank numerals,
// compressed to that width.
func (d *drawing) hand(c shogi.Color) {
	g := d.handGlyphs(c)
	total := 0.0
	for _, x := range g {
		total += x.step
	}
	avail := d.boardY + boardH - d.top
	if d.opts.Portrait {
		avail = boardW + rankLabelW
	}
	scale := 1.0
	if total > avail {
		scale = avail / total
	}
	d.printf(`<g class="hand %s" text-anchor="middle" fill="%s">`, c, colInk)
	// draw writes gl centred at (x, y), the middle of its step.
	draw := func(gl glyph, x, y float64) {
		if gl.text == "" {
			return
		}
		fs := gl.size * scale
		if base := y + fs*0.36; d.opts.TextGlyphs || !hasOutlines(gl.text) {
			d.printf(`<text x="%s" y="%s" font-size="%s">%s</text>`, num(x), num(base), num(fs), gl.text)
		} else {
			d.outline(gl.text, x, base, fs, "")
		}
	}
	if d.opts.Portrait {
		x, y := d.boardX, d.whiteY+handRowH/2
		if c == shogi.Black {
			x, y = d.boardX+avail-total*scale, d.blackY+handRowH/2
		}
		for _, gl := range g {
			draw(gl, x+gl.step*scale/2, y)
			x += gl.step * scale
		}
	} else {
		x, y := d.whiteX, d.top
		if c == shogi.Black {
			x, y = d.blackX, d.boardY+boardH-total*scale
		}
		for _, gl := range g {
			draw(gl, x, y+gl.step*scale/2)
			y += gl.step * scale
		}
	}
	d.printf("</g>\n")
}
