package shogi

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// The tests of this file read as a rulebook of the notation: each test is
// one rule, with its positions in SFEN and its moves in USI. Unless a test
// says otherwise, the positions hold only the pieces the rule is about
// (a position without kings is a legal tsume-style position), and the
// expected texts of the disambiguation rules are the examples of the
// Japan Shogi Association's 「棋譜の表記方法」 (see docs/notation.md).

// jpCase is one move to write: the position, a line of USI moves played
// from it, and the text expected for the last move of the line.
type jpCase struct {
	sfen string
	line string // USI moves separated by spaces; the last one is written
	want string
}

// jpPlay plays c.line from c.sfen and returns the notation of its last
// move in style, with the destination of the move before it (if any) as
// the previous destination.
func jpPlay(t *testing.T, c jpCase, style JapaneseStyle) string {
	t.Helper()
	p, err := ParseSFEN(c.sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", c.sfen, err)
	}
	prev := NoSquare
	usis := strings.Fields(c.line)
	for i, u := range usis {
		m, err := p.ParseUSIMove(u)
		if err != nil {
			t.Fatalf("%s: move %s: %v", c.sfen, u, err)
		}
		if i == len(usis)-1 {
			return p.JapaneseMove(m, prev, style)
		}
		p.DoMove(m)
		prev = m.To()
	}
	t.Fatalf("%s: empty line", c.sfen)
	return ""
}

// jpCheck checks every case in style.
func jpCheck(t *testing.T, style JapaneseStyle, cases []jpCase) {
	t.Helper()
	for _, c := range cases {
		if got := jpPlay(t, c, style); got != c.want {
			t.Errorf("%s: %s: got %q, want %q", c.sfen, c.line, got, c.want)
		}
	}
}

// A move is its destination (full-width file digit, kanji rank) and the
// name of the moving piece.
func TestJapaneseMoveDestinationAndPiece(t *testing.T) {
	jpCheck(t, JapaneseStyle{}, []jpCase{
		{StartSFEN, "7g7f", "７六歩"},
		{StartSFEN, "2h5h", "５八飛"},
		{StartSFEN, "5i4h", "４八玉"},
		{StartSFEN, "9i9h", "９八香"},
		{StartSFEN, "7g7f 3c3d 2g2f", "２六歩"},
		{StartSFEN, "7g7f 4a3b", "３二金"},
		{StartSFEN, "7g7f 5a4b", "４二玉"},
	})
}

// Every kind has its name: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 竜.
func TestJapaneseMovePieceNames(t *testing.T) {
	// A lone piece on 5f moves.
	jpCheck(t, JapaneseStyle{}, []jpCase{
		{"9/9/9/9/9/4+P4/9/9/9 b - 1", "5f5e", "５五と"},
		{"9/9/9/9/9/4+L4/9/9/9 b - 1", "5f5e", "５五成香"},
		{"9/9/9/9/9/4+N4/9/9/9 b - 1", "5f5e", "５五成桂"},
		{"9/9/9/9/9/4+S4/9/9/9 b - 1", "5f5e", "５五成銀"},
		{"9/9/9/9/9/4+B4/9/9/9 b - 1", "5f5e", "５五馬"},
		{"9/9/9/9/9/4+R4/9/9/9 b - 1", "5f5e", "５五竜"},
		{"9/9/9/9/9/4N4/9/9/9 b - 1", "5f4d", "４四桂"},
		{"9/9/9/9/9/4K4/9/9/9 b - 1", "5f5e", "５五玉"},
		{"9/9/9/9/9/4k4/9/9/9 w - 1", "5f5g", "５七玉"},
	})
}

// ▲ marks a move of Black, △ a move of White.
func TestJapaneseMoveMark(t *testing.T) {
	jpCheck(t, JapaneseStyle{Mark: true}, []jpCase{
		{StartSFEN, "7g7f", "▲７六歩"},
		{StartSFEN, "7g7f 3c3d", "△３四歩"},
	})
}

// A move to the square the previous move went to is written 同 instead of
// the square, followed by a full-width space when the piece name has one
// character.
func TestJapaneseMoveSameSquare(t *testing.T) {
	jpCheck(t, JapaneseStyle{Mark: true}, []jpCase{
		{StartSFEN, "7g7f 3c3d 8h2b+ 3a2b", "△同　銀"},
		{StartSFEN, "7g7f 3c3d 8h2b 3a2b", "△同　銀"},
		{"9/9/9/4+s4/9/4P4/9/9/9 b - 1", "5f5e 5d5e", "△同成銀"},
		// Two silvers can take: 同 and the disambiguation word.
		{"9/9/4ss3/9/5P3/9/9/9/9 b - 1", "4e4d 5c4d", "△同　銀右"},
		{"9/9/4ss3/9/5P3/9/9/9/9 b - 1", "4e4d 4c4d", "△同　銀直"},
	})
	jpCheck(t, JapaneseStyle{}, []jpCase{
		{StartSFEN, "7g7f 3c3d 8h2b 3a2b", "同　銀"},
		// Not 同 when the destination differs.
		{StartSFEN, "7g7f 3c3d 8h2b 3a3b", "３二銀"},
	})
	// Black recaptures with promotion: 同　角成.
	jpCheck(t, JapaneseStyle{Mark: true}, []jpCase{
		{"9/7b1/9/9/9/9/9/1B7/9 w - 1", "2b3c 8h3c+", "▲同　角成"},
	})
}

// 成 is written when a move promotes; 不成 when the piece could have
// promoted on this move (it may promote, and its origin or its
// destination lies in the promotion zone) but does not. Nothing is written
// for a piece that cannot promote or a move that could not.
func TestJapaneseMovePromotion(t *testing.T) {
	const zone = "9/7P1/L3G1S1+R/2P6/9/4S4/9/9/9 b - 1"
	jpCheck(t, JapaneseStyle{}, []jpCase{
		{StartSFEN, "7g7f 3c3d 8h2b+", "２二角成"},
		{StartSFEN, "7g7f 3c3d 8h2b", "２二角不成"},
		{zone, "7d7c+", "７三歩成"}, // into the zone
		{zone, "7d7c", "７三歩不成"},
		{zone, "3c4d+", "４四銀成"}, // out of the zone
		{zone, "3c4d", "４四銀不成"},
		{zone, "9c9b+", "９二香成"}, // within the zone
		{zone, "9c9b", "９二香不成"},
		{zone, "2b2a+", "２一歩成"}, // must promote: still 成
		{zone, "5c5b", "５二金"},   // a gold never promotes
		{zone, "1c1b", "１二竜"},   // nor a promoted piece
		{zone, "5f5e", "５五銀"},   // outside the zone
	})
}

// A drop is written 打. The human style writes it after every drop unless
// OmitUnneededDrop asks for the Japan Shogi Association's rule: 打 only
// when a piece of the same kind on the board could also move there (a
// promoted silver is not a gold). A board move is written as usual.
func TestJapaneseMoveDrop(t *testing.T) {
	const (
		empty     = "9/9/9/9/9/9/9/9/9 b G 1"
		gold      = "9/9/9/9/9/4G4/9/9/9 b G 1"
		proSilver = "9/9/9/9/9/4+S4/9/9/9 b G 1"
	)
	jpCheck(t, JapaneseStyle{}, []jpCase{
		{empty, "G*5e", "５五金打"},
		{gold, "G*5e", "５五金打"},
		{proSilver, "G*5e", "５五金打"},
	})
	jpCheck(t, JapaneseStyle{Mark: true}, []jpCase{
		{"9/9/9/9/9/9/9/9/9 w g 1", "G*2b", "△２二金打"},
	})
	jpCheck(t, JapaneseStyle{OmitUnneededDrop: true}, []jpCase{
		{empty, "G*5e", "５五金"},
		{gold, "G*5e", "５五金打"},
		{proSilver, "G*5e", "５五金"},
		{gold, "5f5e", "５五金"},
	})
}

// 上 (the piece moves forward, towards the opponent), 引 (backward) and
// 寄 (sideways along the rank) tell apart pieces of the same kind that can
// reach the destination, when the movement alone identifies the piece.
func TestJapaneseMoveMovementWords(t *testing.T) {
	jpCheck(t, JapaneseStyle{}, []jpCase{
		// Golds on 7b and 9c go to 8b.
		{"9/2G6/G8/9/9/9/9/9/9 b - 1", "9c8b", "８二金上"},
		{"9/2G6/G8/9/9/9/9/9/9 b - 1", "7b8b", "８二金寄"},
		// Golds on 3a and 4c go to 3b.
		{"6G2/9/5G3/9/9/9/9/9/9 b - 1", "4c3b", "３二金上"},
		{"6G2/9/5G3/9/9/9/9/9/9 b - 1", "3a3b", "３二金引"},
		// Golds on 4e and 5f go to 5e: straight up is 上, not 直.
		{"9/9/9/9/5G3/4G4/9/9/9 b - 1", "5f5e", "５五金上"},
		{"9/9/9/9/5G3/4G4/9/9/9 b - 1", "4e5e", "５五金寄"},
		// Silvers on 7g and 8i go to 8h.
		{"9/9/9/9/9/9/2S6/9/1S7 b - 1", "8i8h", "８八銀上"},
		{"9/9/9/9/9/9/2S6/9/1S7 b - 1", "7g8h", "８八銀引"},
		// Silvers on 2g and 4i go to 3h.
		{"9/9/9/9/9/9/7S1/9/5S3 b - 1", "4i3h", "３八銀上"},
		{"9/9/9/9/9/9/7S1/9/5S3 b - 1", "2g3h", "３八銀引"},
		// Rooks on 5i and 1e go to 5e.
		{"9/9/9/9/8R/9/9/9/4R4 b - 1", "5i5e", "５五飛上"},
		{"9/9/9/9/8R/9/9/9/4R4 b - 1", "1e5e", "５五飛寄"},
	})
}

// When the movement does not identify the piece, 右 or 左 says whether it
// stood on the mover's right or left of the destination; the movement
// word is then left out.
func TestJapaneseMoveRightLeft(t *testing.T) {
	jpCheck(t, JapaneseStyle{}, []jpCase{
		// Two golds moving up to 8a.
		{"9/G1G6/9/9/9/9/9/9/9 b - 1", "9b8a", "８一金左"},
		{"9/G1G6/9/9/9/9/9/9/9 b - 1", "7b8a", "８一金右"},
		// Two golds moving sideways to 2b.
		{"9/6G1G/9/9/9/9/9/9/9 b - 1", "3b2b", "２二金左"},
		{"9/6G1G/9/9/9/9/9/9/9 b - 1", "1b2b", "２二金右"},
		// Two silvers moving back to 5f.
		{"9/9/9/9/3S1S3/9/9/9/9 b - 1", "6e5f", "５六銀左"},
		{"9/9/9/9/3S1S3/9/9/9/9 b - 1", "4e5f", "５六銀右"},
		// Knights, rooks and bishops use 右 and 左 in the same way; the
		// word comes before 成 or 不成.
		{"9/9/9/9/9/9/9/9/2N1N4 b - 1", "7i6g", "６七桂左"},
		{"9/9/9/9/9/9/9/9/2N1N4 b - 1", "5i6g", "６七桂右"},
		{"9/9/9/9/5N1N1/9/9/9/9 b - 1", "2e3c+", "３三桂右成"},
		{"9/9/9/9/5N1N1/9/9/9/9 b - 1", "4e3c", "３三桂左不成"},
		{"9/9/9/9/R7R/9/9/9/9 b - 1", "9e5e", "５五飛左"},
		{"9/9/9/9/R7R/9/9/9/9 b - 1", "1e5e", "５五飛右"},
		{"9/9/9/9/9/9/9/9/B7B b - 1", "9i5e", "５五角左"},
		{"9/9/9/9/9/9/9/9/B7B b - 1", "1i5e", "５五角右"},
	})
}

// A gold, silver or promoted minor piece moving straight forward is 直
// (not 上, not 右 or 左) when the movement does not identify it.
func TestJapaneseMoveStraight(t *testing.T) {
	jpCheck(t, JapaneseStyle{}, []jpCase{
		{"9/9/9/9/9/9/9/9/1GG6 b - 1", "8i7h", "７八金左"},
		{"9/9/9/9/9/9/9/9/1GG6 b - 1", "7i7h", "７八金直"},
		{"9/9/9/9/9/9/9/9/6SS1 b - 1", "3i3h", "３八銀直"},
		{"9/9/9/9/9/9/9/9/6SS1 b - 1", "2i3h", "３八銀右"},
		{"9/9/9/9/9/9/9/+P+P7/9 b - 1", "8h8g", "８七と直"},
		{"9/9/9/9/9/9/9/+P+P7/9 b - 1", "9h8g", "８七と左"},
	})
}

// With three or more pieces the same order holds: the movement word if it
// alone identifies the piece, else 右, 左 or 直 if it alone does, else the
// position word followed by the movement word (右上, 左引, 左寄, …).
func TestJapaneseMoveCombination(t *testing.T) {
	const (
		threeGolds = "9/9/3GGG3/9/9/9/9/9/9 b - 1"        // 6c 5c 4c → 5b
		fiveTokins = "9/9/9/9/9/9/1+P7/+P8/+P+P+P6 b - 1" // 8g 9h 7i 8i 9i → 8h
		fourSilver = "9/9/9/9/9/9/6S1S/9/6SS1 b - 1"      // 3g 1g 3i 2i → 2h
		mirrored   = "9/9/9/9/9/9/6S1S/9/7SS b - 1"       // 3g 1g 2i 1i → 2h
		sideways   = "9/9/9/9/3G1G3/3G5/9/9/9 b - 1"      // 6e 6f 4e → 5e
		crowd      = "9/9/9/9/4G4/3G1G3/3GGG3/9/9 b - 1"  // six golds → 5f
		crowdWhite = "9/9/2ggg4/2g1g4/3g5/9/9/9/9 w - 1"  // six white golds → 6d
	)
	jpCheck(t, JapaneseStyle{}, []jpCase{
		{threeGolds, "6c5b", "５二金左"},
		{threeGolds, "5c5b", "５二金直"},
		{threeGolds, "4c5b", "５二金右"},

		{fiveTokins, "7i8h", "８八と右"},
		{fiveTokins, "8i8h", "８八と直"},
		{fiveTokins, "9i8h", "８八と左上"},
		{fiveTokins, "9h8h", "８八と寄"},
		{fiveTokins, "8g8h", "８八と引"},

		{fourSilver, "2i2h", "２八銀直"},
		{fourSilver, "1g2h", "２八銀右"},
		{fourSilver, "3i2h", "２八銀左上"},
		{fourSilver, "3g2h", "２八銀左引"},

		{mirrored, "2i2h", "２八銀直"},
		{mirrored, "3g2h", "２八銀左"},
		{mirrored, "1i2h", "２八銀右上"},
		{mirrored, "1g2h", "２八銀右引"},

		// 5i also stands on the right, so 右 alone would not do: 右引
		// (as ８八と左上 above), not 右 by exclusion of the piece 上 names.
		{"9/9/9/9/9/9/2S1S4/9/4S4 b - 1", "5g6h", "６八銀右引"},
		{"9/9/9/9/9/9/2S1S4/9/4S4 b - 1", "7g6h", "６八銀左"},
		{"9/9/9/9/9/9/2S1S4/9/4S4 b - 1", "5i6h", "６八銀上"},

		{sideways, "6f5e", "５五金上"},
		{sideways, "6e5e", "５五金左寄"},
		{sideways, "4e5e", "５五金右"},

		// Golds on every square around 5f that a gold can come from.
		{crowd, "6g5f", "５六金左上"},
		{crowd, "5g5f", "５六金直"},
		{crowd, "4g5f", "５六金右上"},
		{crowd, "6f5f", "５六金左寄"},
		{crowd, "4f5f", "５六金右寄"},
		{crowd, "5e5f", "５六金引"},

		// The same for White, whose right is Black's left.
		{crowdWhite, "7c6d", "６四金右上"},
		{crowdWhite, "6c6d", "６四金直"},
		{crowdWhite, "5c6d", "６四金左上"},
		{crowdWhite, "7d6d", "６四金右寄"},
		{crowdWhite, "5d6d", "６四金左寄"},
		{crowdWhite, "6e6d", "６四金引"},
	})
}

// Two dragons are told apart by their movement first, as other pieces
// are; when that does not do, by 右 and 左, which compare the two dragons
// with each other (not with the destination), and 直 is never used.
func TestJapaneseMoveTwoDragons(t *testing.T) {
	jpCheck(t, JapaneseStyle{}, []jpCase{
		{"+R8/9/9/1+R7/9/9/9/9/9 b - 1", "9a8b", "８二竜引"},
		{"+R8/9/9/1+R7/9/9/9/9/9 b - 1", "8d8b", "８二竜上"},
		{"9/4+R4/7+R1/9/9/9/9/9/9 b - 1", "2c4c", "４三竜寄"},
		{"9/4+R4/7+R1/9/9/9/9/9/9 b - 1", "5b4c", "４三竜引"},
		{"9/9/9/9/4+R3+R/9/9/9/9 b - 1", "5e3e", "３五竜左"},
		{"9/9/9/9/4+R3+R/9/9/9/9 b - 1", "1e3e", "３五竜右"},
		// One dragon stands on the destination's file: it is still 右,
		// the right one of the two.
		{"9/9/9/9/9/9/9/9/+R+R7 b - 1", "9i8h", "８八竜左"},
		{"9/9/9/9/9/9/9/9/+R+R7 b - 1", "8i8h", "８八竜右"},
		{"9/9/9/9/9/9/9/7+R1/8+R b - 1", "2h1g", "１七竜左"},
		{"9/9/9/9/9/9/9/7+R1/8+R b - 1", "1i1g", "１七竜右"},
	})
}

// Two horses follow the same rules as two dragons.
func TestJapaneseMoveTwoHorses(t *testing.T) {
	jpCheck(t, JapaneseStyle{}, []jpCase{
		{"+B+B7/9/9/9/9/9/9/9/9 b - 1", "9a8b", "８二馬左"},
		{"+B+B7/9/9/9/9/9/9/9/9 b - 1", "8a8b", "８二馬右"},
		{"9/9/3+B5/9/+B8/9/9/9/9 b - 1", "9e8e", "８五馬寄"},
		{"9/9/3+B5/9/+B8/9/9/9/9 b - 1", "6c8e", "８五馬引"},
		{"8+B/9/9/6+B2/9/9/9/9/9 b - 1", "1a1b", "１二馬引"},
		{"8+B/9/9/6+B2/9/9/9/9/9 b - 1", "3d1b", "１二馬上"},
		{"9/9/9/9/9/9/9/9/+B3+B4 b - 1", "9i7g", "７七馬左"},
		{"9/9/9/9/9/9/9/9/+B3+B4 b - 1", "5i7g", "７七馬右"},
		{"9/9/9/9/9/9/5+B3/8+B/9 b - 1", "4g2i", "２九馬左"},
		{"9/9/9/9/9/9/5+B3/8+B/9 b - 1", "1h2i", "２九馬右"},
	})
}

// White's right and left are Black's left and right, and White moves
// forward towards rank i.
func TestJapaneseMoveWhite(t *testing.T) {
	jpCheck(t, JapaneseStyle{Mark: true}, []jpCase{
		// Golds on 3h and 1g go to 2h (Black's rule example turned round).
		{"9/9/9/9/9/9/8g/6g2/9 w - 1", "1g2h", "△２八金上"},
		{"9/9/9/9/9/9/8g/6g2/9 w - 1", "3h2h", "△２八金寄"},
		// Golds on 3a and 2a go to 3b.
		{"6gg1/9/9/9/9/9/9/9/9 w - 1", "2a3b", "△３二金左"},
		{"6gg1/9/9/9/9/9/9/9/9 w - 1", "3a3b", "△３二金直"},
		// Three golds on 6g 5g 4g go to 5h.
		{"9/9/9/9/9/9/3ggg3/9/9 w - 1", "4g5h", "△５八金左"},
		{"9/9/9/9/9/9/3ggg3/9/9 w - 1", "5g5h", "△５八金直"},
		{"9/9/9/9/9/9/3ggg3/9/9 w - 1", "6g5h", "△５八金右"},
		// Dragons on 8b and 9a go to 9c.
		{"+r8/1+r7/9/9/9/9/9/9/9 w - 1", "8b9c", "△９三竜左"},
		{"+r8/1+r7/9/9/9/9/9/9/9 w - 1", "9a9c", "△９三竜右"},
	})
}

// Only pieces that can legally reach the destination count: a pinned gold
// does not, and neither does a piece of another kind.
func TestJapaneseMoveOnlyLegalSameKindPiecesCount(t *testing.T) {
	jpCheck(t, JapaneseStyle{}, []jpCase{
		{"9/9/9/9/9/9/9/4G1G2/4K4 b - 1", "3h4h", "４八金右"},
		{"9/9/9/9/9/9/9/4G1G2/4K4 b - 1", "5h4h", "４八金左"},
		// The rook on 5a pins the gold on 5h.
		{"4r4/9/9/9/9/9/9/4G1G2/4K4 b - 1", "3h4h", "４八金"},
		// A gold and a promoted silver are different kinds.
		{"9/9/3+S1G3/9/9/9/9/9/9 b - 1", "4c5b", "５二金"},
		{"9/9/3+S1G3/9/9/9/9/9/9 b - 1", "6c5b", "５二成銀"},
	})
}

// The KIF style writes no disambiguation words but the origin square in
// parentheses, and 打 after every drop.
func TestJapaneseMoveKIF(t *testing.T) {
	kif := JapaneseStyle{KIF: true}
	jpCheck(t, kif, []jpCase{
		{StartSFEN, "7g7f", "７六歩(77)"},
		{StartSFEN, "7g7f 3c3d 8h2b+", "２二角成(88)"},
		{StartSFEN, "7g7f 3c3d 8h2b", "２二角不成(88)"},
		{StartSFEN, "7g7f 3c3d 8h2b+ 3a2b", "同　銀(31)"},
		{"9/9/9/4+s4/9/4P4/9/9/9 b - 1", "5f5e 5d5e", "同成銀(54)"},
		{"9/9/3GGG3/9/9/9/9/9/9 b - 1", "6c5b", "５二金(63)"},
		{"9/9/9/9/9/9/9/9/9 b G 1", "G*5e", "５五金打"},
	})
	jpCheck(t, JapaneseStyle{KIF: true, OmitUnneededDrop: true}, []jpCase{
		{"9/9/9/9/9/9/9/9/9 b G 1", "G*5e", "５五金打"},
	})
	jpCheck(t, JapaneseStyle{KIF: true, Mark: true}, []jpCase{
		{StartSFEN, "7g7f 3c3d", "△３四歩(33)"},
	})
}

// jpRotated returns p turned round: every piece goes to the rotated square
// and to the other player, the hands are swapped, the other side moves.
func jpRotated(p *Position) Position {
	var q Position
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.PieceAt(s); pc != NoPiece {
			q.Put(s.Rotate(), NewPiece(pc.Color().Opp(), pc.Kind()))
		}
	}
	q.SetHand(Black, p.Hand(White))
	q.SetHand(White, p.Hand(Black))
	q.SetSideToMove(p.SideToMove().Opp())
	return q
}

// jpRotatedMove returns m turned round as jpRotated turns its position.
func jpRotatedMove(m Move) Move {
	c := m.Color().Opp()
	if m.IsDrop() {
		return NewDrop(c, m.DroppedKind(), m.To().Rotate())
	}
	return NewBoardMove(NewPiece(c, m.Piece().Kind()), m.From().Rotate(), m.To().Rotate(), m.IsPromotion())
}

// Turning a position round changes the destination of each move but not
// one word after it: White's rules are Black's, mirrored.
func TestJapaneseMoveWhiteMirrorsBlack(t *testing.T) {
	positions := []string{
		"9/9/3GGG3/9/9/9/9/9/9 b - 1",
		"9/9/9/9/9/9/1+P7/+P8/+P+P+P6 b - 1",
		"9/9/9/9/9/9/6S1S/9/6SS1 b - 1",
		"9/9/9/9/3G1G3/3G5/9/9/9 b - 1",
		"9/9/9/9/4G4/3G1G3/3GGG3/9/9 b - 1",
		"9/9/9/9/9/9/9/9/+R+R7 b - 1",
		"9/9/9/9/9/9/9/7+R1/8+R b - 1",
		"+B+B7/9/9/9/9/9/9/9/9 b - 1",
		"9/9/9/9/9/9/5+B3/8+B/9 b - 1",
		"9/9/9/9/5N1N1/9/9/9/9 b - 1",
		"9/9/9/9/R7R/9/9/9/9 b G 1",
		"9/7P1/L3G1S1+R/2P6/9/4S4/9/9/9 b - 1",
	}
	styles := []JapaneseStyle{{}, {OmitUnneededDrop: true}}
	for _, sfen := range positions {
		p, err := ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		q := jpRotated(&p)
		for _, m := range p.LegalMoves(nil) {
			for _, st := range styles {
				a := []rune(p.JapaneseMove(m, NoSquare, st))
				b := []rune(q.JapaneseMove(jpRotatedMove(m), NoSquare, st))
				if string(a[2:]) != string(b[2:]) {
					t.Errorf("%s: %s is %q for Black but %q for White", sfen, m, string(a), string(b))
				}
			}
		}
	}
}

// jpSamples returns positions to check every legal move in: the perft
// positions (one of them crowded with promoted pieces), crowded positions
// of golds and silvers, and positions reached by random games.
func jpSamples(t *testing.T) []Position {
	sfens := []string{
		StartSFEN,
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
		"R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
		"+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
		"9/9/2+P+P+P4/2+PG+S4/2SGS+N3/3+N+LG3/9/9/9 b G 1",
		"4k4/9/3sgs3/3g1g3/3sgs3/9/9/9/4K4 w G 1",
	}
	var ps []Position
	for _, s := range sfens {
		p, err := ParseSFEN(s)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	games := 20
	if testing.Short() {
		games = 4
	}
	r := rand.New(rand.NewPCG(7, 6))
	for range games {
		p := Startpos()
		for range 120 {
			ms := p.LegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			p.DoMove(ms[r.IntN(len(ms))])
			ps = append(ps, p)
		}
	}
	return ps
}

// Every legal move gets its own text in every style, and the human style
// adds words to a board move exactly when two or more pieces of the
// mover's kind can legally reach its destination.
func TestJapaneseMoveNamesEveryMoveOnce(t *testing.T) {
	styles := []JapaneseStyle{{}, {OmitUnneededDrop: true}, {KIF: true}}
	for _, p := range jpSamples(t) {
		ms := p.LegalMoves(nil)
		for _, st := range styles {
			seen := make(map[string]Move)
			for _, m := range ms {
				s := p.JapaneseMove(m, NoSquare, st)
				if o, ok := seen[s]; ok {
					t.Errorf("%+v: %s and %s are both written %q", st, o, m, s)
				}
				seen[s] = m
			}
		}
		for _, m := range ms {
			if m.IsDrop() {
				continue
			}
			reach := make(map[Square]bool)
			for _, o := range ms {
				if !o.IsDrop() && o.To() == m.To() && o.Piece() == m.Piece() {
					reach[o.From()] = true
				}
			}
			human := p.JapaneseMove(m, NoSquare, JapaneseStyle{})
			kif := p.JapaneseMove(m, NoSquare, JapaneseStyle{KIF: true})
			plain := kif[:strings.IndexByte(kif, '(')]
			if hasWords := human != plain; hasWords != (len(reach) > 1) {
				t.Errorf("%s: %q with %d pieces reaching %s", m, human, len(reach), m.To())
			}
		}
	}
}

// No Move, however malformed, makes JapaneseMove panic.
func TestJapaneseMoveInvalidMoves(t *testing.T) {
	p := Startpos()
	for _, c := range []struct {
		m    Move
		want string
	}{
		{NoMove, "?"},
		{NewBoardMove(NewPiece(Black, Pawn), NewSquare(7, 7), 100, false), "?"},
		{NewBoardMove(NewPiece(Black, Pawn), 90, NewSquare(7, 6), false), "?"},
		{NewBoardMove(NewPiece(Black, NoKind), NewSquare(7, 7), NewSquare(7, 6), false), "?"},
		{NewDrop(Black, NoKind, NewSquare(5, 5)), "?"},
		{NewDrop(Black, Kind(15), NewSquare(5, 5)), "?"},
		{Move(0xffffffff), "?"},
		// Illegal but well-formed moves are written all the same.
		{NewBoardMove(NewPiece(Black, Pawn), NewSquare(7, 7), NewSquare(7, 5), false), "７五歩"},
		{NewBoardMove(NewPiece(White, Gold), NewSquare(5, 5), NewSquare(5, 4), true), "５四金成"},
		{NewDrop(Black, Gold, NewSquare(5, 5)), "５五金打"},
	} {
		if got := p.JapaneseMove(c.m, NoSquare, JapaneseStyle{}); got != c.want {
			t.Errorf("JapaneseMove(%#x) = %q, want %q", uint32(c.m), got, c.want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		m := Move(r.Uint32())
		if r.IntN(2) == 0 {
			m &= 1<<21 - 1
		}
		st := JapaneseStyle{Mark: r.IntN(2) == 0, KIF: r.IntN(2) == 0, OmitUnneededDrop: r.IntN(2) == 0}
		if p.JapaneseMove(m, Square(r.IntN(256)-128), st) == "" {
			t.Fatalf("JapaneseMove(%#x) is empty", uint32(m))
		}
	}
}

// FuzzJapaneseMove checks that no Move and previous square make
// JapaneseMove panic or return nothing.
func FuzzJapaneseMove(f *testing.F) {
	f.Add(uint32(0), int8(81), uint8(0))
	f.Add(uint32(NewBoardMove(NewPiece(Black, Pawn), NewSquare(7, 7), NewSquare(7, 6), false)), int8(81), uint8(1))
	f.Add(uint32(NewDrop(Black, Gold, NewSquare(5, 5))), int8(40), uint8(7))
	p, err := ParseSFEN("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, m uint32, prev int8, style uint8) {
		st := JapaneseStyle{Mark: style&1 != 0, KIF: style&2 != 0, OmitUnneededDrop: style&4 != 0}
		if p.JapaneseMove(Move(m), Square(prev), st) == "" {
			t.Fatalf("JapaneseMove(%#x) is empty", m)
		}
	})
}

func ExamplePosition_JapaneseMove() {
	p := Startpos()
	prev := NoSquare
	for _, usi := range []string{"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"} {
		m, err := p.ParseUSIMove(usi)
		if err != nil {
			panic(err)
		}
		fmt.Println(p.JapaneseMove(m, prev, JapaneseStyle{Mark: true}),
			p.JapaneseMove(m, prev, JapaneseStyle{KIF: true}))
		p.DoMove(m)
		prev = m.To()
	}
	// Output:
	// ▲７六歩 ７六歩(77)
	// △３四歩 ３四歩(33)
	// ▲２二角成 ２二角成(88)
	// △同　銀 同　銀(31)
	// ▲４五角打 ４五角打
}
