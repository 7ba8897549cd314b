package shogi_test

// Helpers shared by the rulebook, invariant and fuzz tests. They are
// written against the exported API only, and wherever they stand in for the
// code under test (reading a square name, encoding a move, turning a
// position round) they do it their own way, so that a test compares two
// independent answers.

import (
	"slices"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/shogi"
)

// Positions from testdata/perft.txt used by several tests.
const (
	matsuriSFEN       = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"
	maxMovesSFEN      = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
	dropPawnTrapSFEN  = "7lk/9/8S/9/9/9/9/7L1/8K b P 1"
	pawnDropsSFEN     = "4k4/9/9/9/9/9/9/9/9 b 16P 1"
	noLegalMovesSFEN  = "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200"
	kinglessTsumeSFEN = "9/7lS/7pb/5S1B1/5rgk1/8p/4+R2G1/9/9 b SN2gs3n3l16p 1" // 図巧 34
)

// variedPositions cover quiet play, many drops, check, a side without a
// king and 打ち歩詰め detection.
var variedPositions = []string{
	shogi.StartSFEN,
	matsuriSFEN,
	maxMovesSFEN,
	dropPawnTrapSFEN,
	kinglessTsumeSFEN,
	"9/4+B4/9/4k4/3r4K/2B1NG3/9/9/9 b P 1", // in check, with a blocking pawn drop that would mate
}

func mustSFEN(t testing.TB, sfen string) shogi.Position {
	t.Helper()
	p, err := shogi.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", sfen, err)
	}
	return p
}

// sqName reads a square such as "7g" by the package's documented numbering
// (file by file, 1a = 0 … 9i = 80), without ParseSquare.
func sqName(name string) (shogi.Square, bool) {
	if len(name) != 2 || name[0] < '1' || name[0] > '9' || name[1] < 'a' || name[1] > 'i' {
		return shogi.NoSquare, false
	}
	return shogi.Square(int(name[0]-'1')*9 + int(name[1]-'a')), true
}

var dropLetters = map[byte]shogi.Kind{'P': shogi.Pawn, 'L': shogi.Lance, 'N': shogi.Knight, 'S': shogi.Silver, 'G': shogi.Gold, 'B': shogi.Bishop, 'R': shogi.Rook}

// encode builds the Move that the USI text usi denotes in p with
// NewBoardMove/NewDrop (the moving piece is whatever stands on the origin
// square), without asking the package whether it is legal.
func encode(p *shogi.Position, usi string) (shogi.Move, bool) {
	if len(usi) == 4 && usi[1] == '*' {
		k, ok := dropLetters[usi[0]]
		to, ok2 := sqName(usi[2:])
		if !ok || !ok2 {
			return shogi.NoMove, false
		}
		return shogi.NewDrop(p.SideToMove(), k, to), true
	}
	if len(usi) != 4 && !(len(usi) == 5 && usi[4] == '+') {
		return shogi.NoMove, false
	}
	from, ok1 := sqName(usi[0:2])
	to, ok2 := sqName(usi[2:4])
	if !ok1 || !ok2 || p.PieceAt(from) == shogi.NoPiece {
		return shogi.NoMove, false
	}
	return shogi.NewBoardMove(p.PieceAt(from), from, to, len(usi) == 5), true
}

func mustEncode(t testing.TB, p *shogi.Position, usi string) shogi.Move {
	t.Helper()
	m, ok := encode(p, usi)
	if !ok {
		t.Fatalf("test bug: cannot encode %q in %s", usi, p.SFEN())
	}
	return m
}

// usiSet returns the USI texts of moves, failing on a duplicate.
func usiSet(t testing.TB, what string, moves []shogi.Move) map[string]bool {
	t.Helper()
	set := make(map[string]bool, len(moves))
	for _, m := range moves {
		s := m.String()
		if set[s] {
			t.Errorf("%s lists %s twice", what, s)
		}
		set[s] = true
	}
	return set
}

func legalUSI(t testing.TB, p *shogi.Position) map[string]bool {
	t.Helper()
	return usiSet(t, "LegalMoves", p.LegalMoves(nil))
}

// diffSets describes how got differs from want, or returns "".
func diffSets(got, want map[string]bool) string {
	var extra, missing []string
	for k := range got {
		if !want[k] {
			extra = append(extra, k)
		}
	}
	for k := range want {
		if !got[k] {
			missing = append(missing, k)
		}
	}
	if extra == nil && missing == nil {
		return ""
	}
	slices.Sort(extra)
	slices.Sort(missing)
	return "unexpected " + strings.Join(extra, " ") + "; missing " + strings.Join(missing, " ")
}

// ---- Turning a problem round: the same rule seen from White's side. ----

func swapCase(b byte) byte {
	switch {
	case b >= 'a' && b <= 'z':
		return b - 'a' + 'A'
	case b >= 'A' && b <= 'Z':
		return b - 'A' + 'a'
	}
	return b
}

// flipSFEN rotates a position by 180° and swaps the colours of every piece,
// both hands and the side to move: the same position with the sides'
// roles exchanged. It reads the SFEN text itself; it does not use ParseSFEN.
func flipSFEN(sfen string) string {
	f := strings.Fields(sfen)
	var grid [9][9]string // [rank][column from the left = file 9 … 1]
	for r, row := range strings.Split(f[0], "/") {
		c := 0
		for i := 0; i < len(row); i++ {
			switch ch := row[i]; {
			case ch >= '1' && ch <= '9':
				c += int(ch - '0')
			case ch == '+':
				grid[r][c] = "+" + string(swapCase(row[i+1]))
				i++
				c++
			default:
				grid[r][c] = string(swapCase(ch))
				c++
			}
		}
	}
	var b strings.Builder
	for r := 8; r >= 0; r-- {
		empty := 0
		for c := 8; c >= 0; c-- {
			if grid[r][c] == "" {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(grid[r][c])
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	side := "b"
	if f[1] == "b" {
		side = "w"
	}
	hands := []byte(f[2])
	for i := range hands {
		hands[i] = swapCase(hands[i])
	}
	out := b.String() + " " + side + " " + string(hands)
	if len(f) > 3 {
		out += " " + f[3]
	}
	return out
}

func flipSquareName(s string) string {
	return string([]byte{'9' - s[0] + '1', 'i' - s[1] + 'a'})
}

// flipUSI turns a USI move round to match flipSFEN. Drop letters stay upper
// case, as USI writes them for both sides.
func flipUSI(m string) string {
	if len(m) == 4 && m[1] == '*' {
		return m[:2] + flipSquareName(m[2:])
	}
	return flipSquareName(m[0:2]) + flipSquareName(m[2:4]) + m[4:]
}

func flipAll(ms []string) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = flipUSI(m)
	}
	return out
}

func TestFlipHelper(t *testing.T) {
	// The helper must itself be right for the White-side rule tests to mean
	// anything: the start position is its own mirror image (with White to
	// move), and turning a position round twice gives it back.
	if got, want := flipSFEN(shogi.StartSFEN), strings.Replace(shogi.StartSFEN, " b ", " w ", 1); got != want {
		t.Errorf("flipSFEN(start) = %q", got)
	}
	for _, s := range []string{matsuriSFEN, maxMovesSFEN, dropPawnTrapSFEN, noLegalMovesSFEN, kinglessTsumeSFEN} {
		if got := flipSFEN(flipSFEN(s)); got != s {
			t.Errorf("flipSFEN twice: %q -> %q", s, got)
		}
	}
	if got, want := flipSFEN("8k/6S2/7G1/9/9/9/9/9/4K4 b P 1"), "4k4/9/9/9/9/9/1g7/2s6/K8 w p 1"; got != want {
		t.Errorf("flipSFEN = %q, want %q", got, want)
	}
	for in, want := range map[string]string{"7g7f": "3c3d", "P*1b": "P*9h", "8h2b+": "2b8h+"} {
		if got := flipUSI(in); got != want {
			t.Errorf("flipUSI(%s) = %s, want %s", in, got, want)
		}
	}
}
