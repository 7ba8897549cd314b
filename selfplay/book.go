package selfplay

import (
	"fmt"
	"strings"

	"github.com/tsume-shogi/tsume/referee"
	"github.com/tsume-shogi/tsume/shogi"
)

// bookLines are the castle-building openings of Book: USI moves from the
// initial position, written for this package from the standard shapes of
// the castles (docs/selfplay.md). Each ends with both kings in their
// castles and the game still open.
var bookLines = []struct{ name, moves string }{
	// Both sides build 矢倉 (gold 7八 and 6七, silver 7七, king 8八; mirrored for White).
	{"▲矢倉 △矢倉", "7g7f 3c3d 6g6f 4c4d 7i6h 3a4b 5g5f 5c5d 3i4h 7a6b 4i5h 6a5b 6i7h 4a3b 5h6g 5b4c 6h7g 4b3c 8h7i 2b3a 2g2f 8c8d 7i4f 3a5c 5i6i 5a4a 6i7i 4a3a 7i8h 3a2b"},
	// Bishops exchanged at once, kings to 7九 and 3一 behind their golds.
	{"▲角換わり △角換わり", "7g7f 8c8d 2g2f 3c3d 6i7h 4a3b 2f2e 8d8e 8h2b+ 3a2b 7i8h 2b3c 8h7g 7a6b 4i5h 6a5b 5i6i 5a4a 6i7i 4a3a 3i4h 6c6d 4g4f"},
	// Black 居飛車穴熊 (king 9九, lance 9八, silver 8八, gold 7九), White 四間飛車 with 美濃 (king 8二, silver 7二, golds 6一 and 5二).
	{"▲居飛車穴熊 △四間飛車美濃", "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 4i5h 8b4b 5i6h 5a6b 6h7h 6b7b 8h7g 7b8b 9i9h 7a7b 7h8h 4a5b 8h9i 9c9d 7i8h 1c1d 6i7i 5c5d 3i4h 3a3b"},
	// The line above with the colours exchanged.
	{"▲四間飛車美濃 △居飛車穴熊", "7g7f 3c3d 6g6f 8c8d 8h7g 8d8e 2h6h 6a5b 5i4h 5a4b 4h3h 4b3b 3h2h 2b3c 3i3h 1a1b 6i5h 3b2b 1g1f 2b1a 9g9f 3a2b 5g5f 4a3a 7i7h 7a6b"},
	// Black 舟囲い (king 7八, golds 6九 and 5八, silver 6八), White 中飛車 with 美濃.
	{"▲舟囲い △中飛車美濃", "7g7f 5c5d 2g2f 8b5b 2f2e 5a6b 5i6h 6b7b 6h7h 7b8b 4i5h 7a7b 7i6h 4a5a 3i4h 9c9d 1g1f 1c1d 9g9f 3a4b"},
	// The line above with the colours exchanged.
	{"▲中飛車美濃 △舟囲い", "5g5f 3c3d 2h5h 8c8d 5i4h 8d8e 4h3h 5a4b 3h2h 4b3b 3i3h 6a5b 6i5i 3a4b 1g1f 7a6b 9g9f 9c9d 7i6h 1c1d"},
	// Black 三間飛車 with 穴熊 (king 1九, lance 1八, silver 2八, gold 3九), White 居飛車 舟囲い.
	{"▲三間飛車穴熊 △舟囲い", "7g7f 8c8d 6g6f 8d8e 8h7g 7a6b 2h7h 5a4b 5i4h 4b3b 4h3h 6a5b 3h2h 3a4b 1i1h 3c3d 2h1i 9c9d 3i2h 5c5d 4i3i 7c7d 6i5h 1c1d 5g5f 6c6d"},
	// The line above with the colours exchanged.
	{"▲舟囲い △三間飛車穴熊", "2g2f 3c3d 2f2e 4c4d 3i4h 2b3c 5i6h 8b3b 6h7h 5a6b 4i5h 6b7b 7i6h 7b8b 7g7f 9a9b 1g1f 8b9a 5g5f 7a8b 3g3f 6a7a 9g9f 4a5b 4g4f 5c5d"},
}

// Book returns the openings of self-play: lines that build castles (矢倉,
// 美濃, 穴熊, 舟囲い, and the castles of 角換わり) for both sides, from the
// initial position, named after them ("▲居飛車穴熊 △四間飛車美濃"). A game
// that starts from a castle is more likely to end in a mate of a king
// among its own pieces, the shape of a game-like problem.
func Book() ([]referee.Opening, error) {
	ops := make([]referee.Opening, 0, len(bookLines))
	for _, l := range bookLines {
		p := shogi.Startpos()
		start := p
		var moves []shogi.Move
		for i, w := range strings.Fields(l.moves) {
			m, err := p.ParseUSIMove(w)
			if err != nil {
				return nil, fmt.Errorf("selfplay: book line %s: move %d: %w", l.name, i+1, err)
			}
			p.DoMove(m)
			moves = append(moves, m)
		}
		ops = append(ops, referee.Opening{Start: start, Moves: moves, Name: l.name})
	}
	return ops, nil
}
