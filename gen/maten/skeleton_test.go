package maten

import (
	"slices"
	"strings"
	"testing"
)

// TestSkeleton: the skeleton of a line is the kinds of its moves and
// whether the king starts on an edge file, not the pieces' kinds: two
// lures up the 9th file with other pieces share one; the same line with
// one more drop in front, the same shape inside the board, and a line
// whose defender takes with another piece have skeletons of their own;
// a problem and its mirror image share theirs.
func TestSkeleton(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line, want string
	}{
		{"a pawn lure up the 9th file (blind read 2, problem 1)", "k1G6/1n7/9/S8/9/9/9/9/9 b LP2r2b3g3s3n3l17p 1", "P*9b 9a9b L*9c", "d Kx d edge"},
		{"its mirror image", "6G1k/7n1/9/8S/9/9/9/9/9 b LP2r2b3g3s3n3l17p 1", "P*1b 1a1b L*1c", "d Kx d edge"},
		{"a pawn lure, a dragon mates (problem 6)", "kp+B6/9/2+R6/9/9/9/9/9/9 b Prb4g4s4n4l16p 1", "P*9b 9a9b 7c9c", "d Kx m edge"},
		{"one more drop in front (problem 11)", walkSFEN, walkLine, "d Kx d Kx m edge"},
		{"drop, take, retake, the king takes, drop (problem 16)", "kg7/9/G8/N+L7/9/9/9/9/9 b P2r2b2g4s3n3l17p 1", "P*9b 8a9b 9c9b 9a9b G*8b", "d x mx Kx d edge"},
		{"a promotion sacrifice inside the board (problem 5)", "2rk1S3/9/4+S4/1+N7/9/9/9/4+R4/9 b 2b4g2s3n4l18p 1", "5c6b 6a6b 5h5b", "m Kx m inner"},
		{"a refused promotion, the king steps (problem 4)", "2ks5/9/2S1+b4/5N3/9/9/6B2/9/9 b 2r4g2s3n4l18p 1", "7c8b 7a6b 3g7c+", "m K m+ inner"},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := Skeleton(&q, pv); got != c.want {
			t.Errorf("%s (%s): %q, want %q", c.name, c.line, got, c.want)
		}
	}
}

// TestOpening: the opening is the first four words of a skeleton, the
// whole of a shorter one.
func TestOpening(t *testing.T) {
	for _, c := range []struct{ skeleton, want string }{
		{"d x mx Kx d K m edge", "d x mx Kx"},
		{"d x m+x Kx d K m+ inner", "d x m+x Kx"},
		{"d Kx d edge", "d Kx d edge"},
	} {
		if got := Opening(c.skeleton); got != c.want {
			t.Errorf("Opening(%q) = %q, want %q", c.skeleton, got, c.want)
		}
	}
}

// TestIdea: the idea of a line is the piece of its first move and of its
// mate, each dropped or moved, whatever the king's file and the
// promotions: the eleventh read's two lance sacrifices before a knight
// drop share one, on the edge and inside; a silver that promotes is a
// silver; the mate of another piece, or a first move made by a drop
// instead of a move, is another idea.
func TestIdea(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line, want string
	}{
		{"a lance promotes, a knight drop mates, on the edge (B2)", "6g1k/6G1l/7L1/9/9/9/9/9/9 b N2r2b2g4s3n2l18p 1", "2c2a+ 3a2a N*2c", "L m N d"},
		{"the same inside the board (B9)", "5ks2/4Ls3/4S4/5N3/9/9/9/9/9 b N2r2b4gs2n3l18p 1", "5b5a+ 4a5a N*3c", "L m N d"},
		{"no line", "k8/9/9/9/9/9/9/9/9 b G 1", "", ""},
		{"a pawn lure, a lance drop mates", "k1G6/1n7/9/S8/9/9/9/9/9 b LP2r2b3g3s3n3l17p 1", "P*9b 9a9b L*9c", "P d L d"},
		{"a promotion sacrifice, a dragon mates", "2rk1S3/9/4+S4/1+N7/9/9/9/4+R4/9 b 2b4g2s3n4l18p 1", "5c6b 6a6b 5h5b", "S m R m"},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := Idea(&q, pv); got != c.want {
			t.Errorf("%s (%s): %q, want %q", c.name, c.line, got, c.want)
		}
	}
}

// A motif is the piece of a move as it stood and how it moved: dropped,
// promoting, staying unpromoted in the zone (不成), or a plain move.
func TestMotifs(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line, first, mate string
	}{
		{"a lance promotes, a knight drop mates", "6g1k/6G1l/7L1/9/9/9/9/9/9 b N2r2b2g4s3n2l18p 1", "2c2a+ 3a2a N*2c", "L m+", "N d"},
		{"a silver goes in unpromoted, a gold drop follows", "4k4/9/3S5/9/9/9/9/9/9 b G 1", "6c5b 5a4b G*4c", "S m=", "G d"},
		{"a silver outside the zone", "9/9/4k4/9/4S4/9/9/9/9 b G 1", "5e5d 5c6b G*6c", "S m", "G d"},
		{"a promoted silver sacrifice, a dragon mates", "2rk1S3/9/4+S4/1+N7/9/9/9/4+R4/9 b 2b4g2s3n4l18p 1", "5c6b 6a6b 5h5b", "+S m", "+R m"},
		{"a pawn lure, a lance drop mates", "k1G6/1n7/9/S8/9/9/9/9/9 b LP2r2b3g3s3n3l17p 1", "P*9b 9a9b L*9c", "P d", "L d"},
		{"no line", "k8/9/9/9/9/9/9/9/9 b G 1", "", "", ""},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if first, mate := Motifs(&q, pv); first != c.first || mate != c.mate {
			t.Errorf("%s (%s): %q, %q, want %q, %q", c.name, c.line, first, mate, c.first, c.mate)
		}
	}
}

// A line's non-promotions are its attacker moves that stay unpromoted in
// the zone, at any ply, each kind once.
func TestNonPromotions(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             []string
	}{
		{"a silver goes in unpromoted on the first ply", "4k4/9/3S5/9/9/9/9/9/9 b G 1", "6c5b 5a4b G*4c", []string{"S"}},
		{"a silver outside the zone", "9/9/4k4/9/4S4/9/9/9/9 b G 1", "5e5d 5c6b G*6c", nil},
		{"a lance promotes", "6g1k/6G1l/7L1/9/9/9/9/9/9 b N2r2b2g4s3n2l18p 1", "2c2a+ 3a2a N*2c", nil},
		{"a promoted silver moves", "2rk1S3/9/4+S4/1+N7/9/9/9/4+R4/9 b 2b4g2s3n4l18p 1", "5c6b 6a6b 5h5b", nil},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := NonPromotions(&q, pv); !slices.Equal(got, c.want) {
			t.Errorf("%s (%s): %q, want %q", c.name, c.line, got, c.want)
		}
	}
}

// TestSacrifices: the sacrifices of a line are its attacker moves taken
// on the next ply, each with the piece, how it came and the piece that
// takes it: the eighteenth read's two mate-in-7s (problems 25 and 26)
// share their chain though the moves around it differ; a line without a
// sacrifice has none; a king that takes is K.
func TestSacrifices(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line, want string
	}{
		{"problem 25", "6k1l/5Ls1l/5G3/6N2/9/9/9/9/9 b LP2r2b3g3s3n17p 1", "4b4a+ 3b4a P*3b 4a3b 4c4b 3a2a L*2b", "Lm+xS PdxS"},
		{"problem 26", "5s3/3Lsk3/3+R5/7G1/9/9/9/9/9 b SPr2b3gs4n3l17p 1", "2d3c 4b5a 6b6a+ 5b6a P*5b 4a5b S*4b", "Lm+xS PdxS"},
		{"a pawn lure the king takes", "k1G6/1n7/9/S8/9/9/9/9/9 b LP2r2b3g3s3n3l17p 1", "P*9b 9a9b L*9c", "PdxK"},
		{"no sacrifice", "2ks5/9/2S1+b4/5N3/9/9/6B2/9/9 b 2r4g2s3n4l18p 1", "7c8b 7a6b 3g7c+", ""},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := Sacrifices(&q, pv); got != c.want {
			t.Errorf("%s (%s): %q, want %q", c.name, c.line, got, c.want)
		}
	}
}

// TestSacrificed: a chain of two or more sacrifices without the pieces
// that take them, so that the twenty-first read's problems 22 and 30 (a
// gold dropped on 8一, taken by a silver in one and a gold in the other,
// then a knight that takes back promoting for the king) share one; a
// single sacrifice, or none, has none.
func TestSacrificed(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line, want string
	}{
		{"read 21, problem 22", "k1s6/s1g6/p1N6/9/3B5/9/9/9/9 b BG2r2g2s3n4l17p 1", "G*8a 9b8a 7c8a+ 9a8a S*9b 8a8b B*9a", "Gd Nm+"},
		{"read 21, problem 30", "1ks6/1g7/P2S5/9/9/9/9/9/9 b GN2r2b2g2s3n4l17p 1", "N*7c 8a9a G*8a 8b8a 7c8a+ 9a8a G*9b", "Gd Nm+"},
		{"read 18, problem 25", "6k1l/5Ls1l/5G3/6N2/9/9/9/9/9 b LP2r2b3g3s3n17p 1", "4b4a+ 3b4a P*3b 4a3b 4c4b 3a2a L*2b", "Lm+ Pd"},
		{"one sacrifice", "k1G6/1n7/9/S8/9/9/9/9/9 b LP2r2b3g3s3n3l17p 1", "P*9b 9a9b L*9c", ""},
		{"no sacrifice", "2ks5/9/2S1+b4/5N3/9/9/6B2/9/9 b 2r4g2s3n4l18p 1", "7c8b 7a6b 3g7c+", ""},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := Sacrificed(&q, pv); got != c.want {
			t.Errorf("%s (%s): %q, want %q", c.name, c.line, got, c.want)
		}
	}
}

// TestContact: the king's square and the attacker pieces beside it,
// mirrored onto files 1 to 5: the twenty-second read's problems 3 and 10
// (a king on 9二, a gold on 8一) share one, whatever stands further
// away; a king on the 5th file reads the same from either side; a king
// no attacker piece touches has none.
func TestContact(t *testing.T) {
	for _, c := range []struct {
		name, sfen, want string
	}{
		{"read 22, problem 3", "1Gg1+R4/k1G6/gs7/9/9/9/9/9/9 b r2b3s4n4l18p 1", "1b G2a"},
		{"read 22, problem 10", "1G+R6/ks7/gg7/9/9/9/9/9/9 b Sr2bg2s4n4l18p 1", "1b G2a"},
		{"the same on the 1st file", "7Gk/9/9/9/9/9/9/9/9 b - 1", "1a G2a"},
		{"5th file, the gold to the left", "3Gk4/9/9/9/9/9/9/9/9 b - 1", "5a G4a"},
		{"5th file, the gold to the right", "4kG3/9/9/9/9/9/9/9/9 b - 1", "5a G4a"},
		{"a promoted piece", "7k1/7+P1/9/9/9/9/9/9/9 b - 1", "2a +P2b"},
		{"no contact", "1G+R6/1s7/kg7/9/9/9/9/9/9 b - 1", ""},
	} {
		q, _ := line(t, c.sfen)
		if got := Contact(&q); got != c.want {
			t.Errorf("%s (%s): %q, want %q", c.name, c.sfen, got, c.want)
		}
	}
}

// TestMate: the mate of a line is its last move's motif and square,
// mirrored onto files 1 to 5: the nineteenth read's mate-in-3 and the end
// of its mate-in-7 share one; the eighteenth read's two mate-in-3s, on 9c
// and 7c kings, share ▲８四銀 as "S m 2d".
func TestMate(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line, want string
	}{
		{"read 19, problem 9", "7G1/7Sk/7p1/8g/9/9/9/9/9 b S2r2b2g2s4n4l17p 1", "S*1c 1d1c 2b1a+", "S m+ 1a"},
		{"read 19, problem 22", "9/7s1/6+B1k/6+P1g/9/9/9/9/9 b SP2rb3g2s4n4l16p 1", "3d2c 2b2c S*2b 1c1b P*1c 1d1c 2b1a+", "S m+ 1a"},
		{"read 18, problem 1", "9/ls7/ks7/9/SP7/9/9/9/9 b S2r2b4g4n3l17p 1", "S*9d 8c9d 9e8d", "S m 2d"},
		{"read 18, problem 5", "9/1sgg5/1skp5/9/1S2S4/N8/9/9/9 b G2r2bg3n4l17p 1", "G*7d 8c7d 8e8d", "S m 2d"},
		{"a drop mate", "k1G6/1n7/9/S8/9/9/9/9/9 b LP2r2b3g3s3n3l17p 1", "P*9b 9a9b L*9c", "L d 1c"},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := Mate(&q, pv); got != c.want {
			t.Errorf("%s (%s): %q, want %q", c.name, c.line, got, c.want)
		}
	}
}

// read30 are three mate-in-7s of the thirtieth blind read
// (docs/quality-report.md): 22 and 27 open alike, 25 to 27 end alike.
var read30 = map[int]struct{ sfen, line string }{
	22: {"6g1k/5+R2g/9/9/6N2/9/9/9/9 b Lr2b2g4s3n3l18p 1", "3e2c 1b2c L*1c 2c1c 4b3a 1a1b G*2b"},
	25: {"3+R5/6ks1/6g2/6p1+P/4S1N2/1B7/9/9/9 b rb3g2s3n4l16p 1", "1d2c 3c2c 3e4c+ 3b4c 6a4a 4c3c 8f4b+"},
	26: {"7k1/5G1g1/5P1s+R/9/5L3/9/9/9/9 b Nr2b2g3s3n3l17p 1", "N*3c 2b3c 4b3a 2a3a 1c1a 3a3b 4c4b+"},
	27: {"6k2/7g1/6s1P/9/6N1L/9/1+B7/9/5R3 b rb3g3s3n3l17p 1", "3e2c 2b2c 8g2a 3a2a 4i4a+ 2a2b 1c1b+"},
	28: {"9/1k7/l8/Gp7/PN7/9/9/9/9 b G2r2b2g4s3n3l16p 1", "9d8c 8b8c G*7c 8c9b 8e9c+ 9b9c L*9d"},
}

// TestKey: the key of a line is its first move's motif and square,
// mirrored onto files 1 to 5: the thirtieth read's mate-in-7s 22 and 27
// share ▲２三桂不成 as "N m= 2c"; a knight dropped on 3三 (26) is
// another key, and a gold on 8三 (28) reads as one on 2三.
func TestKey(t *testing.T) {
	for _, c := range []struct {
		problem int
		want    string
	}{
		{22, "N m= 2c"},
		{27, "N m= 2c"},
		{26, "N d 3c"},
		{28, "G m 2c"},
	} {
		q, pv := line(t, read30[c.problem].sfen, strings.Fields(read30[c.problem].line)...)
		if got := Key(&q, pv); got != c.want {
			t.Errorf("read 30, problem %d: %q, want %q", c.problem, got, c.want)
		}
	}
	if got := Key(nil, nil); got != "" {
		t.Errorf("an empty line: %q, want \"\"", got)
	}
}

// TestStart: the start of a line is its first two plies' pieces and
// squares, mirrored with the king onto files 1 to 5: the forty-fifth
// read's mate-in-3 1 (▲９四歩打 △同銀 ▲８四銀) and mate-in-5 11 (▲９四歩
// △同銀 ▲８四銀打 …) share it, a drop and a move alike, and so do the
// fifty-second read's 10 and 20 (▲８三金 △同玉, then two rook drops); a
// promotion, a shorter line and another square read otherwise.
func TestStart(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line, want string
	}{
		{"read 45, problem 1", "9/gs7/ks7/9/1S7/N8/9/9/9 b P2r2b3gs3n4l17p 1", "P*9d 8c9d 8e8d", "P 1d S 1d"},
		{"read 45, problem 11", "1gg6/s8/ks7/2RN5/P8/9/9/9/9 b BSrb2gs3n4l17p 1", "9e9d 8c9d S*8d 9c8b B*7c", "P 1d S 1d"},
		// Read 52's mate-in-3 10 and mate-in-5 20: the same two plies,
		// then a rook drop on another square.
		{"read 52, problem 10", "9/s8/k1G6/Np7/9/L4B3/9/9/9 b Rrb3g3s3n3l17p 1", "7c8c 9c8c R*7c", "G 2c K 2c"},
		{"read 52, problem 20", "2g6/k8/n1GS5/l2+B5/9/9/9/9/9 b Rrb2g3s3n3l18p 1", "7c8c 9b8c R*8b 7a8b 6d7d", "G 2c K 2c"},
		{"read 30, problem 22: a knight that stays unpromoted", read30[22].sfen, read30[22].line, "N 2c G 2c"},
		{"a promotion", "k8/9/9/S8/9/9/9/9/9 b G 1", "9d9c+", "+S 1c"},
		{"the same on the other wing", "8k/9/9/9/9/9/9/9/9 b GP 1", "P*1b 1a1b G*1c", "P 1b K 1b"},
		{"another square", "8k/9/9/9/9/9/9/9/9 b GP 1", "G*2b 1a2b", "G 2b K 2b"},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := Start(&q, pv); got != c.want {
			t.Errorf("%s (%s): %q, want %q", c.name, c.line, got, c.want)
		}
	}
	if got := Start(nil, nil); got != "" {
		t.Errorf("an empty line: %q, want \"\"", got)
	}
}

// TestTail: the tail of a line is the piece that checks two plies before
// the mate (unpromoted), the king's or a guard's reply, and the mate's
// motif: the thirtieth read's mate-in-7s 26 and 27 share "R K P m+", a
// dragon's check in one and a rook's promoting check in the other; 25
// mates with a bishop instead and 22 with a gold drop. A mate-in-3's
// tail is its whole line; a mate-in-1 has none.
func TestTail(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line, want string
	}{
		{"read 30, problem 26", read30[26].sfen, read30[26].line, "R K P m+"},
		{"read 30, problem 27", read30[27].sfen, read30[27].line, "R K P m+"},
		{"read 30, problem 25", read30[25].sfen, read30[25].line, "R K B m+"},
		{"read 30, problem 22: a gold drop mates", read30[22].sfen, read30[22].line, "R K G d"},
		{"read 30, problem 21: a silver's reply", "5s3/6sg1/6kp1/6gs1/6+P1B/5L3/8N/9/9 b 2rb2gs3n3l16p 1", "1g2e 3d2e 1e2d 2e2d S*4b 4a4b 3e4d", "S x +P m"},
		{"a mate-in-3", "k1G6/1n7/9/S8/9/9/9/9/9 b LP2r2b3g3s3n3l17p 1", "P*9b 9a9b L*9c", "P Kx L d"},
		{"a mate-in-1", "k1G6/1n7/9/S8/9/9/9/9/9 b LP2r2b3g3s3n3l17p 1", "L*9c", ""},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := Tail(&q, pv); got != c.want {
			t.Errorf("%s (%s): %q, want %q", c.name, c.line, got, c.want)
		}
	}
}

// TestRoute: the route of a line is the attacker's squares, mirrored with
// the king onto files 1 to 5: the twenty-sixth read's mate-in-5s 12 and
// 13 share one with other pieces; a line on the other wing reads the same
// mirrored, and another square makes another route.
func TestRoute(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line, want string
	}{
		{"read 26, problem 12", "+R1g6/G1+P6/1k7/1gs6/9/9/9/9/9 b R2bg3s4n4l17p 1", "9b8b 7a8b R*7c 8b7c 7b8b", "2b 3c 2b"},
		{"read 26, problem 13", "+Rg7/2G6/Sk7/1gs6/9/9/9/9/9 b Gr2b2s4n4l18p 1", "9c8b+ 8a8b G*7c 8b7c 7b8b", "2b 3c 2b"},
		{"the same on the other wing", "k8/9/9/9/9/9/9/9/9 b GP 1", "P*9b 9a9b G*9c", "1b 1c"},
		{"mirrored", "8k/9/9/9/9/9/9/9/9 b GP 1", "P*1b 1a1b G*1c", "1b 1c"},
		{"another square", "8k/9/9/9/9/9/9/9/9 b GP 1", "P*1b 1a1b G*2c", "1b 2c"},
		{"a king on the 5th file, the smaller reading", "4k4/9/9/9/9/9/9/9/9 b 2G 1", "G*6b 5a4a G*5b", "4b 5b"},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := Route(&q, pv); got != c.want {
			t.Errorf("%s (%s): %q, want %q", c.name, c.line, got, c.want)
		}
	}
}

// TestTakers: the takers of a line are the pieces that take its
// sacrifices when one kind other than the king takes two or more: the
// twenty-seventh read's mate-in-5s 13 and 17 share "S S" with other
// sacrifices; a king among the takers, or one sacrifice, gives none.
func TestTakers(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line, want string
	}{
		{"read 27, problem 13", "7ks/6s2/8S/8+R/9/6R2/9/9/9 b BSb4g4n4l18p 1", "1d2c 3b2c B*1b 1a1b S*2b", "S S"},
		{"read 27, problem 17", "4k1G2/+R3s4/4s4/5R3/9/9/9/9/9 b G2b2g2s4n4l18p 1", "3a4a 5b4a 4d4b+ 4a4b G*5b", "S S"},
		{"one sacrifice", "k8/9/9/9/9/9/9/9/9 b GP 1", "P*9b 9a9b G*9c", ""},
		{"a silver, then the king (read 22, problem 29)", returnSFEN, returnLine, ""},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := Takers(&q, pv); got != c.want {
			t.Errorf("%s (%s): %q, want %q (sacrifices %q)", c.name, c.line, got, c.want, Sacrifices(&q, pv))
		}
	}
}

// read34 holds problems of the thirty-fourth blind read's worksheet.
var read34 = map[int]struct{ sfen, line string }{
	1:  {"4gk3/4g1Ls1/5S3/7N1/9/9/9/9/9 b N2r2b2g2s2n3l18p 1", "3b3a+ 2b3a N*3c"},
	2:  {"2g6/l8/k8/n8/2S6/9/1L7/9/9 b B2rb3g3s3n2l18p 1", "B*8b 7a8b 7e8d"},
	7:  {"g8/9/nk1S5/g2+B5/9/9/9/9/9 b Rrb2g3s3n4l18p 1", "R*8b 9a8b 6d7d"},
	10: {"4gs3/4gk1s1/9/5S3/9/6L2/9/9/9 b S2r2b2g4n3l18p 1", "S*3a 2b3a 3f3c+"},
	24: {"9/k1g6/n1P6/s2G5/9/9/9/9/1R7 b Sr2b2g2s3n4l17p 1", "8i8a+ 9b8a 7c7b+ 8a7b S*7c 7b6a G*6b"},
}

// TestLure: the lure of a line is its first sacrifice's square, mirrored
// onto files 1 to 5, and the piece that takes it: the thirty-fourth
// read's mate-in-3s 1 and 10 lure the silver of 2二 to 3一 with a lance
// that promotes and a silver dropped ("S 3a" both), 2 and 7 the gold to
// 8二 with a bishop and a rook dropped ("G 2b", mirrored); 24's rook is
// taken by the king on 8一. A line without a sacrifice has none.
func TestLure(t *testing.T) {
	for _, c := range []struct {
		problem int
		want    string
	}{
		{1, "S 3a"},
		{10, "S 3a"},
		{2, "G 2b"},
		{7, "G 2b"},
		{24, "K 2a"},
	} {
		q, pv := line(t, read34[c.problem].sfen, strings.Fields(read34[c.problem].line)...)
		if got := Lure(&q, pv); got != c.want {
			t.Errorf("read 34, problem %d: %q, want %q", c.problem, got, c.want)
		}
	}
	q, pv := line(t, "8k/9/9/9/9/9/9/9/9 b GP 1", "G*1b", "1a1b")
	if got := Lure(&q, pv); got != "K 1b" {
		t.Errorf("a gold dropped for the king to take: %q, want \"K 1b\"", got)
	}
	q, pv = line(t, "4k4/9/4P4/9/9/9/9/9/9 b G 1", "G*5b")
	if got := Lure(&q, pv); got != "" {
		t.Errorf("a mate in one, no sacrifice: %q, want \"\"", got)
	}
}

// TestFreeFinish: a line ends freely when the defender's last reply is a
// step of the king to a square the attacker's move before it did not
// move to: the thirty-fifth read's mate-in-7s 26 (△６二玉 ▲６一飛打) and 28
// (△６三玉 ▲５三金打); a capture of that move's piece, by the king or
// another piece, is none, nor is a free step earlier in the line.
func TestFreeFinish(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             bool
	}{
		{"read 35, problem 26", "1ksG5/2s1g4/1S2p4/9/3N5/9/9/9/9 b Rr2b2gs3n4l17p 1", "6e7c 7b7c 6a7a 8a7a S*7b 7a6b R*6a", true},
		{"read 35, problem 28", "k8/2gS5/g8/p1nN5/1R7/9/9/9/9 b Sr2b2g2s2n4l17p 1", "8e8a+ 9a8a 6d7b+ 8a7b S*7c 7b6c G*5c", true},
		{"a free step at ply 2, the silver takes the last sacrifice", "3g5/4kPs2/3n2S2/3+R5/9/9/9/9/9 b GNr2b2g2s2n4l17p 1", "G*5c 5b5a 4b4a+ 3b4a N*4c", false},
		{"the king takes the last sacrifice", "8k/9/9/9/9/9/9/9/9 b GP 1", "P*1b 1a1b G*1c", false},
		{"a mate in one", "4k4/9/4P4/9/9/9/9/9/9 b G 1", "G*5b", false},
	} {
		_, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := FreeFinish(pv); got != c.want {
			t.Errorf("%s: FreeFinish = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestLooseFinish: a finish is loose when the king has three moves or
// more before the defender's last reply: the forty-third read's
// mate-in-7 21 (five: △６一玉 and four more, each mated by a gold drop)
// and mate-in-5 12 (three); not when the last reply takes the sacrifice
// with the king boxed in (the same read's mate-in-7 30), nor a mate in
// one.
func TestLooseFinish(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             bool
	}{
		{"read 43, problem 21", "k8/2g6/p8/g1s6/3N5/6+B2/1R7/9/9 b Srb2g2s3n4l17p 1", "8g8a+ 9a8a 3f7b 8a7b S*7c 7b6a G*6b", true},
		{"read 43, problem 12", "3s5/3s5/Skgg5/8+R/2S6/9/9/9/9 b r2b2g4n4l18p 1", "1d8d 7c8d 7e8d 8c7b G*8b", true},
		{"read 43, problem 30", "3k5/4PG3/2ssS4/2L1N4/9/9/9/9/9 b S2r2b3g3n3l17p 1", "5d6b+ 7c6b 5b5a+ 6b5a 4b5b 5a5b S*6b", false},
		{"a mate in one", "4k4/9/4P4/9/9/9/9/9/9 b G 1", "G*5b", false},
	} {
		pos, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := LooseFinish(&pos, pv); got != c.want {
			t.Errorf("%s: LooseFinish = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestStandingCapture: the attacker's capture, before the mate, of a
// defender's piece that stood on its square (the thirty-eighth read's
// problem 23, ▲８四金右 takes the gold of 8四; a rook sacrificed as it
// takes a pawn, which readers count too); not the recapture of a
// piece the defender has just dropped there, nor a capture that mates,
// nor a line without a capture.
func TestStandingCapture(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             bool
	}{
		{"read 38, problem 23", "9/k1+B6/9/1gg6/1GG6/9/9/9/9 b S2rb3s4n4l18p 1", "S*9c 9b9c 7e8d 7d8d 8e9d 8d9d G*8c", true},
		{"an interposition taken", "4k4/9/9/9/9/9/9/9/9 b LG2r2b3g4s4n3l18p 1", "L*5i P*5e 5i5e 5a4b G*4c", false},
		{"the mate takes", "4k4/4p4/9/4L4/9/9/9/9/9 b - 1", "5d5b+", false},
		{"a sacrifice that takes a pawn", "9/9/8k/8p/8R/9/7R+L/9/9 b L2b4g4s4n2l17p 1", "1e1d 1c1d P*1e 1d1e L*1f", true},
		{"no capture", "9/9/9/9/9/+PG7/1r7/k1+B6/9 b RSb3g3s4n4l17p 1", "S*8i 8g8i+ R*9g", false},
	} {
		q, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := StandingCapture(&q, pv); got != c.want {
			t.Errorf("%s: StandingCapture = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestKnightPromotionSacrifice: a knight that promotes and is taken on
// the next ply (the thirty-eighth read's problem 24 promotes a lance, not
// a knight); a knight that promotes to mate, or is not taken, is none.
func TestKnightPromotionSacrifice(t *testing.T) {
	for _, c := range []struct {
		name, sfen, line string
		want             bool
	}{
		{"read 35, problem 28: ▲７二桂成 △同玉", "k8/2gS5/g8/p1nN5/1R7/9/9/9/9 b Sr2b2g2s2n4l17p 1", "8e8a+ 9a8a 6d7b+ 8a7b S*7c 7b6c G*5c", true},
		{"a lance promotes as it is taken", "1n1kg4/2L1s4/1G2g4/2+P6/9/3N5/9/9/9 b S2r2bg2s2n3l17p 1", "7b7a+ 6a7a S*7b 7a6b 7d7c 8a7c 6f7d", false},
		{"a knight that stays unpromoted, not taken", "8k/6sg1/9/9/8N/9/9/9/8L b 2r2b3g3s3n3l18p 1", "1e2c 1a2a 1i1a+", false},
	} {
		_, pv := line(t, c.sfen, strings.Fields(c.line)...)
		if got := KnightPromotionSacrifice(pv); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
