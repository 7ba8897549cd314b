package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// TestCommittedOutlines regenerates the outlines from the font, when it
// is installed, and compares them with the committed file.
func TestCommittedOutlines(t *testing.T) {
	data, err := os.ReadFile(defaultFont)
	if err != nil {
		t.Skipf("the font is not installed (apt-get install fonts-ipaexfont-mincho): %v", err)
	}
	got, err := generate(data, defaultFont, chars, unitsPerEm)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../glyphs/outlines.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("render/internal/glyphs/outlines.go differs from what the font gives: run go generate ./render/...")
	}
}

func TestGenerateErrors(t *testing.T) {
	if _, err := generate([]byte("not a font"), "x.ttf", chars, unitsPerEm); err == nil {
		t.Errorf("no error for a file that is not a font")
	}
	data, err := os.ReadFile(defaultFont)
	if err != nil {
		t.Skipf("the font is not installed: %v", err)
	}
	if _, err := generate(data, defaultFont, "歩\U000F0000", unitsPerEm); err == nil {
		t.Errorf("no error for a character the font lacks")
	}
}

// step is one drawing command in absolute integer coordinates: the
// points it passes through or is pulled by, as a font gives them.
type step struct {
	op  sfnt.SegmentOp
	pts []point
}

// decode interprets path data as pathData writes it (relative commands
// m l h v q t c z, implicit repetition) and returns its steps, each
// contour closed by a line back to its start when it does not end there.
func decode(t *testing.T, d string) []step {
	t.Helper()
	var steps []step
	var cur, start, ctrl point
	var cmd, prev byte
	i := 0
	num := func() int {
		j := i
		if j < len(d) && d[j] == '-' {
			j++
		}
		for j < len(d) && d[j] >= '0' && d[j] <= '9' {
			j++
		}
		v, err := strconv.Atoi(d[i:j])
		if err != nil {
			t.Fatalf("bad number at %d of %q", i, d)
		}
		i = j
		if i < len(d) && d[i] == ' ' {
			i++
		}
		return v
	}
	closeContour := func() {
		if cur != start {
			steps = append(steps, step{sfnt.SegmentOpLineTo, []point{start}})
		}
		cur = start
	}
	for i < len(d) {
		if c := d[i]; c >= 'a' && c <= 'z' {
			cmd = c
			i++
			if cmd == 'z' {
				closeContour()
				prev = 'z'
				continue
			}
		} else if cmd == 'm' {
			cmd = 'l'
		}
		switch cmd {
		case 'm':
			p := point{cur.x + num(), 0}
			p.y = cur.y + num()
			cur, start = p, p
			steps = append(steps, step{sfnt.SegmentOpMoveTo, []point{p}})
		case 'l', 'h', 'v':
			p := cur
			switch cmd {
			case 'l':
				p.x += num()
				p.y += num()
			case 'h':
				p.x += num()
			case 'v':
				p.y += num()
			}
			cur = p
			steps = append(steps, step{sfnt.SegmentOpLineTo, []point{p}})
		case 'q', 't':
			c := point{2*cur.x - ctrl.x, 2*cur.y - ctrl.y}
			if cmd == 't' && prev != 'q' && prev != 't' {
				t.Fatalf("t after %c in %q", prev, d)
			}
			if cmd == 'q' {
				c = point{cur.x + num(), 0}
				c.y = cur.y + num()
			}
			p := point{cur.x + num(), 0}
			p.y = cur.y + num()
			ctrl, cur = c, p
			steps = append(steps, step{sfnt.SegmentOpQuadTo, []point{c, p}})
		case 'c':
			var ps []point
			for range 3 {
				p := point{cur.x + num(), 0}
				p.y = cur.y + num()
				ps = append(ps, p)
			}
			cur = ps[2]
			steps = append(steps, step{sfnt.SegmentOpCubeTo, ps})
		default:
			t.Fatalf("unknown command %q in %q", cmd, d)
		}
		prev = cmd
	}
	return steps
}

// TestPathDataRoundTrip writes random contours and reads them back: the
// same points, up to the lines that close contours and the zero-length
// lines, which the path data leaves out.
func TestPathDataRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		var segs sfnt.Segments
		var want []step
		for range 1 + rng.IntN(3) {
			coord := func() fixed.Point26_6 {
				return fixed.Point26_6{X: fixed.Int26_6(rng.IntN(300*64) - 20*64), Y: fixed.Int26_6(rng.IntN(300*64) - 250*64)}
			}
			start := coord()
			segs = append(segs, sfnt.Segment{Op: sfnt.SegmentOpMoveTo, Args: [3]fixed.Point26_6{start}})
			want = append(want, step{sfnt.SegmentOpMoveTo, []point{pt(start)}})
			cur := start
			for range 1 + rng.IntN(8) {
				var s sfnt.Segment
				switch rng.IntN(6) {
				case 0: // horizontal
					s = sfnt.Segment{Op: sfnt.SegmentOpLineTo, Args: [3]fixed.Point26_6{{X: coord().X, Y: cur.Y}}}
				case 1: // vertical
					s = sfnt.Segment{Op: sfnt.SegmentOpLineTo, Args: [3]fixed.Point26_6{{X: cur.X, Y: coord().Y}}}
				case 2:
					s = sfnt.Segment{Op: sfnt.SegmentOpLineTo, Args: [3]fixed.Point26_6{coord()}}
				case 3: // smooth, as TrueType's implied on-curve points make them
					if n := len(segs); segs[n-1].Op == sfnt.SegmentOpQuadTo {
						c0 := segs[n-1].Args[0]
						c := fixed.Point26_6{X: 2*cur.X - c0.X, Y: 2*cur.Y - c0.Y}
						s = sfnt.Segment{Op: sfnt.SegmentOpQuadTo, Args: [3]fixed.Point26_6{c, coord()}}
						break
					}
					fallthrough
				case 4:
					s = sfnt.Segment{Op: sfnt.SegmentOpQuadTo, Args: [3]fixed.Point26_6{coord(), coord()}}
				case 5:
					s = sfnt.Segment{Op: sfnt.SegmentOpCubeTo, Args: [3]fixed.Point26_6{coord(), coord(), coord()}}
				}
				segs = append(segs, s)
				n := map[sfnt.SegmentOp]int{sfnt.SegmentOpLineTo: 1, sfnt.SegmentOpQuadTo: 2, sfnt.SegmentOpCubeTo: 3}[s.Op]
				var ps []point
				for _, a := range s.Args[:n] {
					ps = append(ps, pt(a))
				}
				want = append(want, step{s.Op, ps})
				cur = s.Args[n-1]
			}
			if rng.IntN(2) == 0 { // an explicit closing line
				segs = append(segs, sfnt.Segment{Op: sfnt.SegmentOpLineTo, Args: [3]fixed.Point26_6{start}})
			}
			want = append(want, step{sfnt.SegmentOpLineTo, []point{pt(start)}})
		}
		d := pathData(segs)
		got := decode(t, d)
		if norm(got) != norm(want) {
			t.Fatalf("path data %q\ngives %v\nwant  %v", d, norm(got), norm(want))
		}
	}
}

// norm writes steps without the zero-length lines.
func norm(steps []step) string {
	var b bytes.Buffer
	var cur point
	for _, s := range steps {
		end := s.pts[len(s.pts)-1]
		if s.op == sfnt.SegmentOpLineTo && end == cur {
			continue
		}
		b.WriteString(strconv.Itoa(int(s.op)))
		for _, p := range s.pts {
			b.WriteString(" " + strconv.Itoa(p.x) + "," + strconv.Itoa(p.y))
		}
		b.WriteString("; ")
		cur = end
	}
	return b.String()
}
