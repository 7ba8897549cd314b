package record

import (
	"math/rand/v2"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// codec is a writer and the reader of the same format.
type codec struct {
	format Format
	write  func(*shogi.Position, []shogi.Move, []KIFHeader, bool) (string, error)
	read   func([]byte) (*Game, error)
}

var codecs = []codec{
	{FormatKIF, KIF, ReadKIF},
	{FormatKI2, KI2, ReadKI2},
	{FormatCSA, CSA, ReadCSA},
}

// TestBODRoundTrip writes every test position as a board diagram and
// reads it back.
func TestBODRoundTrip(t *testing.T) {
	for _, tl := range testLines(t, 50) {
		for ply := 0; ply <= len(tl.moves); ply += 7 {
			p := tl.start
			for _, m := range tl.moves[:ply] {
				p.DoMove(m)
			}
			text := BOD(&p)
			g, err := ReadKIF([]byte(text))
			if err != nil {
				t.Fatalf("%s ply %d: %v\n%s", tl.name, ply, err, text)
			}
			if got, want := normalized(g.Start), normalized(p); got != want {
				t.Fatalf("%s ply %d: BOD round trip gives\n%s\nwant\n%s", tl.name, ply, got.SFEN(), want.SFEN())
			}
			if len(g.Moves) != 0 {
				t.Fatalf("%s: a board diagram gave moves", tl.name)
			}
		}
	}
}

// TestRecordRoundTrip writes every test line in each record format, reads
// it back (also through ReadAny) and compares the start position and the
// moves.
func TestRecordRoundTrip(t *testing.T) {
	lines := testLines(t, 200)
	headers := []KIFHeader{{Key: "表題", Value: "round trip"}, {Key: "先手", Value: "A"}, {Key: "後手", Value: "B"}}
	for _, c := range codecs {
		t.Run(c.format.String(), func(t *testing.T) {
			moves := 0
			for _, tl := range lines {
				text, err := c.write(&tl.start, tl.moves, headers, true)
				if err != nil {
					t.Fatalf("%s: %v", tl.name, err)
				}
				for _, read := range []func([]byte) (*Game, error){c.read, ReadAny} {
					g, err := read([]byte(text))
					if err != nil {
						t.Fatalf("%s: %v\n%s", tl.name, err, text)
					}
					// Without moves, KI2 is a KIF record: it is read as one.
					if g.Format != c.format && !(c.format == FormatKI2 && len(tl.moves) == 0 && g.Format == FormatKIF) {
						t.Fatalf("%s: read as %s, want %s", tl.name, g.Format, c.format)
					}
					if got, want := normalized(g.Start), normalized(tl.start); got != want {
						t.Fatalf("%s: start position\n%s\nwant\n%s\n%s", tl.name, got.SFEN(), want.SFEN(), text)
					}
					if got, want := usiLine(g.Moves), usiLine(tl.moves); got != want {
						t.Fatalf("%s: moves\n%s\nwant\n%s\n%s", tl.name, got, want, text)
					}
					if v, _ := g.Header("先手"); v != "A" {
						t.Fatalf("%s: header 先手 = %q, want A", tl.name, v)
					}
				}
				moves += len(tl.moves)
			}
			t.Logf("%d lines, %d moves", len(lines), moves)
		})
	}
}

// TestUSIRoundTrip reads the test lines as USI position commands and as
// SFEN.
func TestUSIRoundTrip(t *testing.T) {
	for _, tl := range testLines(t, 20) {
		cmd := "position sfen " + tl.start.SFEN()
		if len(tl.moves) > 0 {
			cmd += " moves " + usiLine(tl.moves)
		}
		g, err := ReadAny([]byte(cmd + "\n"))
		if err != nil {
			t.Fatalf("%s: %v", tl.name, err)
		}
		if g.Format != FormatUSI || g.Start != tl.start || usiLine(g.Moves) != usiLine(tl.moves) {
			t.Fatalf("%s: USI round trip gives %s %v %s", tl.name, g.Format, g.Start.SFEN(), usiLine(g.Moves))
		}
		g, err = ReadAny([]byte(tl.start.SFEN()))
		if err != nil || g.Format != FormatSFEN || g.Start != tl.start {
			t.Fatalf("%s: SFEN round trip gives %v %v", tl.name, g, err)
		}
	}
}

func TestPositionAt(t *testing.T) {
	p := shogi.Startpos()
	g := &Game{Start: p, Moves: mustMoves(t, p, "7g7f 3c3d 8h2b+")}
	q, err := g.PositionAt(3)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.SFEN(), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"; got != want {
		t.Errorf("PositionAt(3) = %s, want %s", got, want)
	}
	if q, _ := g.PositionAt(0); q != p {
		t.Errorf("PositionAt(0) = %s, want the start", q.SFEN())
	}
	for _, bad := range []int{-1, 4} {
		if _, err := g.PositionAt(bad); err == nil {
			t.Errorf("PositionAt(%d) gave no error", bad)
		}
	}
}

// randomPosition places a random part of the 40-piece set on random
// squares and in the hands, with either side to move. The result need
// not be legal (二歩, pieces that cannot move, a side in check, no kings):
// the formats must carry any such position faithfully.
func randomPosition(rng *rand.Rand) shogi.Position {
	var p shogi.Position
	kinds := []shogi.Kind{shogi.Pawn, shogi.Lance, shogi.Knight, shogi.Silver, shogi.Gold, shogi.Bishop, shogi.Rook, shogi.King}
	var hands [2]shogi.Hand
	for _, k := range kinds {
		for i := range shogi.MaxCount(k) {
			c := shogi.Color(rng.IntN(2))
			if k == shogi.King {
				c = shogi.Color(i) // one king a side at most
			}
			switch r := rng.IntN(10); {
			case r < 3:
				// Left out.
			case r < 5 && k != shogi.King:
				hands[c] = hands[c].Add(k)
			default:
				s := shogi.Square(rng.IntN(shogi.NumSquares))
				if p.PieceAt(s) != shogi.NoPiece {
					continue
				}
				kk := k
				if k.CanPromote() && rng.IntN(3) == 0 {
					kk = k.Promote()
				}
				p.Put(s, shogi.NewPiece(c, kk))
			}
		}
	}
	p.SetHand(shogi.Black, hands[shogi.Black])
	p.SetHand(shogi.White, hands[shogi.White])
	p.SetSideToMove(shogi.Color(rng.IntN(2)))
	return p
}

// TestRandomPositionRoundTrip carries random positions, legal or not, and
// random games from them through every format.
func TestRandomPositionRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for i := range 1000 {
		p := randomPosition(rng)
		var moves []shogi.Move
		if checkPlayable(&p) == "" {
			moves = randomGame(p, 30, uint64(i))
		}
		text := BOD(&p)
		g, err := ReadKIF([]byte(text))
		if err != nil || normalized(g.Start) != normalized(p) {
			t.Fatalf("BOD of %s does not read back: %v\n%s", p.SFEN(), err, text)
		}
		for _, c := range codecs {
			text, err := c.write(&p, moves, nil, true)
			if err != nil {
				t.Fatal(err)
			}
			g, err := c.read([]byte(text))
			if err != nil {
				t.Fatalf("%s of %s %s: %v\n%s", c.format, p.SFEN(), usiLine(moves), err, text)
			}
			if normalized(g.Start) != normalized(p) || usiLine(g.Moves) != usiLine(moves) {
				t.Fatalf("%s of %s %s reads back as %s %s\n%s", c.format, p.SFEN(), usiLine(moves), g.Start.SFEN(), usiLine(g.Moves), text)
			}
		}
	}
}
