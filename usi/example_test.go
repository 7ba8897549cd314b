package usi_test

import (
	"fmt"

	"github.com/tsume-shogi/tsume/shogi"
	"github.com/tsume-shogi/tsume/usi"
)

// A GUI's go command read into Limits: the clock of the side to move.
func ExampleParseGo() {
	l, err := usi.ParseGo([]string{"btime", "60000", "wtime", "50000", "byoyomi", "10000"})
	if err != nil {
		fmt.Println(err)
		return
	}
	remaining, inc := l.Clock(shogi.White)
	fmt.Println(remaining, inc, l.Byoyomi)

	_, err = usi.ParseGo([]string{"mate", "abc"})
	fmt.Println(err)
	// Output:
	// 50s 0s 10s
	// usi: bad go mate: "abc" is not a whole number: want a time in milliseconds or infinite
}
