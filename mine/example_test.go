package mine_test

import (
	"context"
	"fmt"

	"github.com/tsume-shogi/tsume/mine"
	"github.com/tsume-shogi/tsume/record"
)

// A game in which Black has a mate in 1 (the head gold, G*5b), moves its
// king instead, and mates two moves later.
func ExampleMiner_MineGame() {
	g, err := record.ReadUSI([]byte("position sfen 4k4/9/p3P3p/9/9/9/9/9/4K4 b G 1 moves 5i5h 9c9d G*5b"))
	if err != nil {
		panic(err)
	}
	m, err := mine.New(mine.Options{MaxLength: 7})
	if err != nil {
		panic(err)
	}
	res, err := m.MineGame(context.Background(), g, mine.Source{})
	if err != nil {
		panic(err)
	}
	for _, f := range res.Findings {
		fmt.Printf("move %d (%s %s): %s, mate in %d: %v\n", f.MoveNumber, f.Side, f.Played, f.Kind, f.Length, f.Line)
	}
	// Output:
	// move 1 (black 5i5h): missed, mate in 1: [G*5b]
	// move 3 (black G*5b): played, mate in 1: [G*5b]
}
