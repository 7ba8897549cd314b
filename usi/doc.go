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
// A GUI waits for the answer to go, so every go is answered, and what
// cannot be used is reported with an info string line that names the
// problem:
//
//   - Every go is searched with what was understood, so that a GUI
//     never loses a game to a word the engine does not know: ParseGo
//     ignores a word that starts no field (with the words after it up
//     to the next field: "rtime 3000" as a whole), reads a negative
//     number as 0 and a number above a field's bound as the bound
//     ("depth 99999999999" as MaxGoDepth), leaves a field whose value
//     is missing or no whole number unset, and takes the last value of
//     a field given twice; Serve leaves out the searchmoves moves that
//     are not legal (when none is left, every move is searched). Each
//     is reported with an info string line, a GoNote, before the
//     search.
//     go mate without a readable time ("go mate", "go mate abc", "go
//     mate -5", "go mate 0") searches until stop, as go mate infinite.
//   - A position command that cannot be read (a bad SFEN, an illegal
//     move) leaves the previous position in force.
//   - A setoption with an unknown name, a value of the wrong type or out
//     of range leaves the option as it was. The standard USI_ options a
//     GUI sends to every engine (USI_Ponder, USI_OwnBook, …) are accepted
//     silently when the handler does not declare them.
package usi
