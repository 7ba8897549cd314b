package usi_test

import (
	"fmt"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/usi"
)

// A GUI's go command read into Limits: the clock of the side to move.
// A word ParseGo does not know is ignored with a note, and a number out
// of range is clamped: the search runs with what was understood.
func ExampleParseGo() {
	l, _ := usi.ParseGo([]string{"btime", "60000", "wtime", "50000", "byoyomi", "10000"})
	remaining, inc := l.Clock(shogi.White)
	fmt.Println(remaining, inc, l.Byoyomi)

	l, notes := usi.ParseGo([]string{"byoyomi", "1000", "rtime", "3000", "depth", "99999999999"})
	fmt.Println(l.Byoyomi, l.Depth)
	for _, n := range notes {
		fmt.Println(n)
	}
	// Output:
	// 50s 0s 10s
	// 1s 2147483647
	// go: unknown field "rtime 3000" ignored
	// go depth: 99999999999 is too large; read as 2147483647
}
