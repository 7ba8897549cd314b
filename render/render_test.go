package render

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ with the current output")

// A mate-in-1 problem (Black drops the lance on 4b) and a busy middle
// game position with promoted pieces and White to move.
const (
	problemSFEN = "4pkn2/9/5G3/9/9/9/9/9/9 b L2r2b3g4s3n3l17p 1"
	matsuriSFEN = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"
)

func mustSFEN(t *testing.T, s string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkGolden compares got with testdata/NAME, or rewrites it with -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run 'go test ./render -update' to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s (run 'go test ./render -update' if intended)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

func TestTextGolden(t *testing.T) {
	for _, c := range []struct{ name, sfen string }{
		{"problem.txt", problemSFEN},
		{"matsuri.txt", matsuriSFEN},
	} {
		p := mustSFEN(t, c.sfen)
		checkGolden(t, c.name, []byte(Text(&p)))
	}
}

func TestText(t *testing.T) {
	p := mustSFEN(t, problemSFEN)
	got := Text(&p)
	for _, want := range []string{
		"White's hand: r2 b2 g3 s4 n3 l3 p17\n",
		"   9  8  7  6  5  4  3  2  1\n",
		"|  .  .  .  .  p  k  n  .  .| a 一\n",
		"|  .  .  .  .  .  G  .  .  .| c 三\n",
		"Black's hand: L\nBlack to move\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Text lacks %q:\n%s", want, got)
		}
	}
	q := mustSFEN(t, matsuriSFEN)
	got = Text(&q)
	for _, want := range []string{"|  L  N  .", " +P ", "White's hand: g s n p5\n", "Black's hand: R G\nWhite to move\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("Text lacks %q:\n%s", want, got)
		}
	}
	r := mustSFEN(t, "4k4/9/9/9/9/9/9/9/+r7K b - 1")
	if got := Text(&r); !strings.Contains(got, "| +r  .") || !strings.Contains(got, "White's hand: none\n") {
		t.Errorf("promoted White piece or empty hand:\n%s", got)
	}
	// The frame lines up: every row is "|", 27 columns, "|".
	for _, line := range strings.Split(got, "\n")[3:12] {
		if len(line) < 29 || line[0] != '|' || line[28] != '|' {
			t.Errorf("board row %q is not 27 columns between the frame", line)
		}
	}
}

func TestSVGGolden(t *testing.T) {
	p := mustSFEN(t, problemSFEN)
	checkGolden(t, "problem.svg", SVG(&p, SVGOptions{Title: "一手詰 第1問"}))
	checkGolden(t, "problem-text.svg", SVG(&p, SVGOptions{Title: "一手詰 第1問", TextGlyphs: true}))

	q := mustSFEN(t, matsuriSFEN)
	m, err := q.ParseUSIMove("6f9i+")
	if err != nil {
		t.Fatal(err)
	}
	q.DoMove(m)
	q.SetSideToMove(shogi.White) // show 後手番 as well
	checkGolden(t, "matsuri.svg", SVG(&q, SVGOptions{Title: "Matsuri <after 6f9i+> & more", Highlight: m}))
	checkGolden(t, "matsuri-text.svg", SVG(&q, SVGOptions{Title: "Matsuri <after 6f9i+> & more", Highlight: m, TextGlyphs: true}))
	checkGolden(t, "problem-portrait.svg", SVG(&p, SVGOptions{Title: "一手詰 第1問", Portrait: true}))
	checkGolden(t, "matsuri-portrait.svg", SVG(&q, SVGOptions{Highlight: m, Portrait: true}))
}

// TestSVGPortrait: the portrait layout draws the same board, 414 wide
// rather than 502, White's hand in a row above the board and Black's in
// a row below it, each a little narrower than the picture, and 後手番
// under Black's row.
func TestSVGPortrait(t *testing.T) {
	for _, sfen := range []string{problemSFEN, matsuriSFEN, "4k4/9/9/9/9/9/9/9/9 w - 1",
		// The largest hands a position can hold: compressed into the row.
		"4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1"} {
		p := mustSFEN(t, sfen)
		wide, tall := SVG(&p, SVGOptions{}), SVG(&p, SVGOptions{Portrait: true})
		w, h := parseSVG(t, wide), parseSVG(t, tall)
		if got := attr(h.root, "width"); got != "414" {
			t.Errorf("%s: portrait width %s, want 414", sfen, got)
		}
		if got := attr(w.root, "width"); got != "502" {
			t.Errorf("%s: landscape width %s, want 502", sfen, got)
		}
		// The same pieces, marks and characters, in another place.
		if fmt.Sprint(w.pieces, w.marks, w.stars) != fmt.Sprint(h.pieces, h.marks, h.stars) ||
			strings.Join(w.texts, "") != strings.Join(h.texts, "") {
			t.Errorf("%s: the portrait picture draws other things:\n%v\n%v", sfen, w.texts, h.texts)
		}
		board := regexp.MustCompile(`<rect class="board" x="([0-9.]+)" y="([0-9.]+)" width="360" height="396"`).FindSubmatch(tall)
		if board == nil || string(board[1]) != "14" {
			t.Fatalf("%s: the portrait board is not at x 14: %q", sfen, board)
		}
		boardTop, _ := strconv.ParseFloat(string(board[2]), 64)
		for _, c := range []struct {
			class      string
			above      bool
			minX, maxX float64
		}{{"hand white", true, 14, 400}, {"hand black", false, 14, 400}} {
			g := regexp.MustCompile(`<g class="` + c.class + `"[^>]*>(.*?)</g>`).FindSubmatch(tall)
			if g == nil {
				t.Fatalf("%s: no %s", sfen, c.class)
			}
			at := regexp.MustCompile(`x="([-0-9.]+)" y="([-0-9.]+)"|translate\(([-0-9.]+) ([-0-9.]+)\)`).FindAllSubmatch(g[1], -1)
			if len(at) < 4 {
				t.Errorf("%s: %s holds %d characters", sfen, c.class, len(at))
			}
			for _, xy := range at {
				x, _ := strconv.ParseFloat(string(xy[1])+string(xy[3]), 64)
				y, _ := strconv.ParseFloat(string(xy[2])+string(xy[4]), 64)
				if x < c.minX || x > c.maxX || (y < boardTop) == !c.above || (!c.above && y < boardTop+396) {
					t.Errorf("%s: %s: a character at (%v, %v), outside its row", sfen, c.class, x, y)
				}
			}
		}
	}
}

// attr returns the attribute name of el, "" if none.
func attr(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// svgSummary is what the XML check gathers from a picture.
type svgSummary struct {
	root             xml.StartElement
	pieces           map[string]int // by class: "piece black", "piece white"
	marks, stars     int
	title, desc      string
	texts            []string // the <text> elements, and each character drawn as an outline
	outlines         int      // the characters drawn as outlines
	rotatedWithWhite bool
}

// parseSVG checks that data is well-formed XML with an <svg> root and
// gathers the elements the tests look at.
func parseSVG(t *testing.T, data []byte) svgSummary {
	t.Helper()
	s := svgSummary{pieces: map[string]int{}, rotatedWithWhite: true}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var stack []string
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, data)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				s.root = el.Copy()
			}
			depth++
			stack = append(stack, el.Name.Local)
			class, transform, href := "", "", ""
			for _, a := range el.Attr {
				switch a.Name.Local {
				case "class":
					class = a.Value
				case "transform":
					transform = a.Value
				case "href":
					href = a.Value
				}
			}
			if el.Name.Local == "use" {
				s.texts = append(s.texts, outlineChar(t, href))
				s.outlines++
			}
			switch {
			case strings.HasPrefix(class, "piece "):
				s.pieces[class]++
				if strings.HasSuffix(class, "white") != strings.Contains(transform, "rotate(180)") {
					s.rotatedWithWhite = false
				}
			case class == "mark":
				s.marks++
			}
			if el.Name.Local == "circle" {
				s.stars++
			}
		case xml.EndElement:
			depth--
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				break
			}
			switch stack[len(stack)-1] {
			case "title":
				s.title += string(el)
			case "desc":
				s.desc += string(el)
			case "text":
				s.texts = append(s.texts, string(el))
			}
		}
	}
	if depth != 0 {
		t.Fatalf("unbalanced elements")
	}
	return s
}

func TestSVGIsValidXML(t *testing.T) {
	for _, c := range []struct {
		sfen         string
		black, white int
	}{
		{problemSFEN, 1, 3},
		{matsuriSFEN, 17, 13},
		{shogi.StartSFEN, 20, 20},
		{"9/9/9/9/9/9/9/9/9 b - 1", 0, 0},
	} {
		p := mustSFEN(t, c.sfen)
		s := parseSVG(t, SVG(&p, SVGOptions{}))
		if s.root.Name.Local != "svg" || s.root.Name.Space != "http://www.w3.org/2000/svg" {
			t.Errorf("%s: root element %v", c.sfen, s.root.Name)
		}
		attrs := map[string]string{}
		for _, a := range s.root.Attr {
			attrs[a.Name.Local] = a.Value
		}
		if attrs["version"] != "1.1" || !strings.HasPrefix(attrs["viewBox"], "0 0 ") || !strings.Contains(attrs["font-family"], "Noto Serif CJK JP") {
			t.Errorf("%s: root attributes %v", c.sfen, attrs)
		}
		if s.pieces["piece black"] != c.black || s.pieces["piece white"] != c.white {
			t.Errorf("%s: pieces %v, want %d black and %d white", c.sfen, s.pieces, c.black, c.white)
		}
		if !s.rotatedWithWhite {
			t.Errorf("%s: a white piece is not turned, or a black piece is", c.sfen)
		}
		if s.stars != 4 {
			t.Errorf("%s: %d star points, want 4", c.sfen, s.stars)
		}
		if s.marks != 0 || s.title != "" {
			t.Errorf("%s: marks %d, title %q without options", c.sfen, s.marks, s.title)
		}
		if s.desc != "SFEN "+p.SFEN() {
			t.Errorf("%s: desc %q", c.sfen, s.desc)
		}
		if !contains(s.texts, "１") || !contains(s.texts, "９") || !contains(s.texts, "一") || !contains(s.texts, "九") {
			t.Errorf("%s: file or rank labels missing: %q", c.sfen, s.texts)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestSVGTitleEscaped(t *testing.T) {
	p := mustSFEN(t, problemSFEN)
	title := `<b>"Tom & Jerry's" ]]> 詰</b>` + "\x01"
	data := SVG(&p, SVGOptions{Title: title})
	s := parseSVG(t, data)
	want := strings.ReplaceAll(title, "\x01", "\uFFFD")
	if s.title != want || !contains(s.texts, want) {
		t.Errorf("title %q, texts %q; want %q", s.title, s.texts, want)
	}
	if bytes.Contains(data, []byte("<b>")) {
		t.Errorf("title not escaped")
	}
}

func TestSVGHands(t *testing.T) {
	p := mustSFEN(t, problemSFEN)
	s := parseSVG(t, SVG(&p, SVGOptions{}))
	joined := strings.Join(s.texts, "")
	// White's column: △持駒飛二角二金三銀四桂三香三歩十七; Black's: ▲持駒香.
	for _, want := range []string{"△持駒飛二角二金三銀四桂三香三歩十七", "▲持駒香"} {
		if !strings.Contains(joined, want) {
			t.Errorf("hand %q not found in %q", want, joined)
		}
	}
	if strings.Contains(joined, "後手番") {
		t.Errorf("後手番 shown with Black to move")
	}
	q := mustSFEN(t, "4k4/9/9/9/9/9/9/9/9 w - 1")
	s = parseSVG(t, SVG(&q, SVGOptions{}))
	joined = strings.Join(s.texts, "")
	for _, want := range []string{"△持駒なし", "▲持駒なし", "後手番"} {
		if !strings.Contains(joined, want) {
			t.Errorf("%q not found in %q", want, joined)
		}
	}
}

func TestSVGHighlight(t *testing.T) {
	p := mustSFEN(t, problemSFEN)
	drop, err := p.ParseUSIMove("L*4b")
	if err != nil {
		t.Fatal(err)
	}
	board, err := p.ParseUSIMove("4c5b")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		opts  SVGOptions
		marks int
	}{
		{SVGOptions{Highlight: drop}, 1},
		{SVGOptions{Highlight: board}, 2},
		{SVGOptions{Squares: []shogi.Square{shogi.NewSquare(5, 2), shogi.NoSquare, 100}}, 1},
		{SVGOptions{Highlight: shogi.Move(0xffffffff)}, 0},
	} {
		if s := parseSVG(t, SVG(&p, c.opts)); s.marks != c.marks {
			t.Errorf("%+v: %d marked squares, want %d", c.opts, s.marks, c.marks)
		}
	}
}

// TestNoPanic draws positions that no SFEN gives: the zero position and
// a hand with every field full.
func TestNoPanic(t *testing.T) {
	var zero shogi.Position
	parseSVG(t, SVG(&zero, SVGOptions{Highlight: shogi.Move(0x7fffffff)}))
	_ = Text(&zero)
	p := mustSFEN(t, "9/9/9/9/9/9/9/9/9 b - 1")
	p.SetHand(shogi.Black, shogi.Hand(0xffffffff))
	parseSVG(t, SVG(&p, SVGOptions{}))
	_ = Text(&p)
}

func TestKanjiCount(t *testing.T) {
	for n, want := range map[int]string{1: "一", 2: "二", 9: "九", 10: "十", 11: "十一", 17: "十七", 18: "十八", 20: "二十", 31: "三十一", 100: "１００"} {
		if got := kanjiCount(n); got != want {
			t.Errorf("kanjiCount(%d) = %q, want %q", n, got, want)
		}
	}
}
