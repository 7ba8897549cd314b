// Package usi speaks the USI protocol (Universal Shogi Interface), the
// way shogi GUIs talk to engines, for any engine that implements
// Handler.
//
// Serve runs the protocol loop over a reader and a writer: usi (the
// engine's name, author and options), isready, setoption, usinewgame,
// position, go, stop, ponderhit, gameover and quit. Each go runs in a
// goroutine of its own, so that isready and stop are answered during a
// search; stop cancels the search's context and the answer follows at
// once. Blank lines and unknown commands are ignored, as the protocol
// asks.
//
// The pieces Serve is made of are there to be used and tested alone:
// ParseGo reads the fields of go into a Limits value, ParsePosition a
// position command into a Position (the start, the moves since and the
// position they lead to); an Option declares an option's type, default
// and range once, and Option.Parse checks a setoption value against it.
//
// # Handler
//
// A Handler declares its ID and its options, receives the options that
// setoption sets, and answers two kinds of search: Go (a plain go, the
// move to play) and Mate (go mate, the mating line). Both receive a
// Request: the position with its history, the Limits, a channel closed
// at ponderhit, and Info and SetBest to report progress. Serve calls
// the handler from one goroutine at a time, never during a search, so a
// handler needs no locks. The tsume solver's handler is in the
// subpackage usi/mateengine; it is not in this package, so that the
// protocol depends on no search at all: a game engine is another
// package implementing Handler beside it, and this package's tests drive
// Serve with handlers written for the test.
//
// # What the engine answers to bad input
//
// A GUI waits for the answer to go, so every go is answered, and a
// command that cannot be used is reported with an info string line
// that names the problem:
//
//   - A go that cannot be read (an unknown word, a missing or malformed
//     value such as "go mate abc", "go mate -5" or a bare "go mate", a
//     field given twice, a searchmoves move that is not legal) starts no
//     search and is answered at once: go mate with "checkmate timeout",
//     which claims nothing about the position (nomate would say there is
//     no mate, perhaps falsely), and a plain go with "bestmove resign":
//     without its limits the engine cannot tell how long it may think,
//     and an answer at once, plainly, shows the fault in the GUI's
//     command where a move played blind would hide it. "go mate 0" is
//     read as go mate infinite.
//   - A position command that cannot be read (a bad SFEN, an illegal
//     move) leaves the previous position in force.
//   - A setoption with an unknown name, a value of the wrong type or out
//     of range leaves the option as it was. The standard USI_ options a
//     GUI sends to every engine (USI_Ponder, USI_OwnBook, …) are accepted
//     silently when the handler does not declare them.
package usi
