package usi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// Limits are the fields of a go command; the GUI gives times in
// milliseconds. A field that was not given is zero (or false, or nil).
type Limits struct {
	BTime   time.Duration // btime: black's (sente's) remaining time
	WTime   time.Duration // wtime: white's (gote's) remaining time
	Byoyomi time.Duration // byoyomi: the time per move once the main time is used up
	BInc    time.Duration // binc: black's Fischer increment per move
	WInc    time.Duration // winc: white's Fischer increment per move

	MoveTime time.Duration // movetime: search exactly this long
	Depth    int           // depth: search this many plies (0: not given)
	Nodes    uint64        // nodes: search this many nodes (0: not given)

	// Mate is set by go mate: solve the position as a tsume problem and
	// answer with checkmate instead of bestmove. MateTime is its time
	// limit; it is zero for go mate infinite (and go mate 0), which runs
	// until stop.
	Mate     bool
	MateTime time.Duration

	Infinite bool // infinite: search until stop
	Ponder   bool // ponder: search on the opponent's time until ponderhit or stop

	// SearchMoves restricts the search to these moves, in USI notation
	// as given; Serve checks them against the position.
	SearchMoves []string
}

// Clock returns the remaining time and the increment of side c: btime
// and binc for Black (sente), wtime and winc for White (gote).
func (l Limits) Clock(c shogi.Color) (remaining, inc time.Duration) {
	if c == shogi.White {
		return l.WTime, l.WInc
	}
	return l.BTime, l.BInc
}

// Held reports whether the answer to a go with these limits must wait
// for stop (go infinite) or for ponderhit (go ponder). The answer to go
// mate never waits: it comes when the search ends.
func (l Limits) Held() bool {
	if l.Mate {
		return false // go mate answers when the search ends, with or without a limit
	}
	return l.Infinite || l.Ponder
}

// Bounded reports whether a search with these limits ends by itself:
// go mate with a time limit, and a plain go that is neither infinite
// nor ponder.
func (l Limits) Bounded() bool {
	if l.Mate {
		return l.MateTime > 0
	}
	return !l.Infinite && !l.Ponder
}

// A GoError reports a go command that could not be read: the field at
// fault ("" when it is the command as a whole) and what is wrong.
type GoError struct {
	Field string
	Msg   string
}

func (e *GoError) Error() string {
	if e.Field == "" {
		return "usi: bad go: " + e.Msg
	}
	return "usi: bad go " + e.Field + ": " + e.Msg
}

// goKeywords are the words that start a field of go.
var goKeywords = map[string]bool{
	"btime": true, "wtime": true, "byoyomi": true, "binc": true, "winc": true,
	"movetime": true, "depth": true, "nodes": true, "mate": true,
	"infinite": true, "ponder": true, "searchmoves": true,
}

// ParseGo reads the fields of a go command, the words after "go". Every
// field may be given once. Times, depth and nodes are whole numbers from
// 0 up (a depth or nodes of 0 is no limit); mate takes a time or the word
// infinite; searchmoves takes the words up to the next field. An unknown
// word, a missing or malformed value and a repeated field are errors
// (*GoError).
func ParseGo(fields []string) (Limits, error) {
	var l Limits
	seen := make(map[string]bool)
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if !goKeywords[f] {
			return Limits{}, &GoError{Msg: fmt.Sprintf("unknown field %q", f)}
		}
		if seen[f] {
			return Limits{}, &GoError{Field: f, Msg: "given twice"}
		}
		seen[f] = true
		switch f {
		case "infinite":
			l.Infinite = true
			continue
		case "ponder":
			l.Ponder = true
			continue
		case "searchmoves":
			j := i + 1
			for j < len(fields) && !goKeywords[fields[j]] {
				j++
			}
			if j == i+1 {
				return Limits{}, &GoError{Field: f, Msg: "no moves"}
			}
			l.SearchMoves = append([]string(nil), fields[i+1:j]...)
			i = j - 1
			continue
		}
		// The other fields take one value.
		if i+1 >= len(fields) || goKeywords[fields[i+1]] && !(f == "mate" && fields[i+1] == "infinite") {
			want := "a time in milliseconds"
			switch f {
			case "mate":
				want = "a time in milliseconds or infinite"
			case "depth":
				want = "a number of plies"
			case "nodes":
				want = "a number of nodes"
			}
			return Limits{}, &GoError{Field: f, Msg: "no value: want " + want}
		}
		i++
		v := fields[i]
		switch f {
		case "mate":
			l.Mate = true
			if v == "infinite" {
				break
			}
			ms, err := parseCount(v)
			if err != nil {
				return Limits{}, &GoError{Field: f, Msg: err.Error() + ": want a time in milliseconds or infinite"}
			}
			l.MateTime = time.Duration(ms) * time.Millisecond
		case "depth", "nodes":
			n, err := parseCount(v)
			if err != nil {
				return Limits{}, &GoError{Field: f, Msg: err.Error()}
			}
			if f == "depth" {
				if n > 1<<31-1 {
					return Limits{}, &GoError{Field: f, Msg: fmt.Sprintf("%s is too large", v)}
				}
				l.Depth = int(n)
			} else {
				l.Nodes = n
			}
		default:
			ms, err := parseCount(v)
			if err != nil {
				return Limits{}, &GoError{Field: f, Msg: err.Error() + ": want a time in milliseconds"}
			}
			d := time.Duration(ms) * time.Millisecond
			switch f {
			case "btime":
				l.BTime = d
			case "wtime":
				l.WTime = d
			case "byoyomi":
				l.Byoyomi = d
			case "binc":
				l.BInc = d
			case "winc":
				l.WInc = d
			case "movetime":
				l.MoveTime = d
			}
		}
	}
	return l, nil
}

// maxMillis bounds a time field, so that it fits a time.Duration.
const maxMillis = uint64(1<<63-1) / uint64(time.Millisecond)

// parseCount reads a decimal integer from 0 up to maxMillis (so that a
// number of milliseconds fits a time.Duration).
func parseCount(s string) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	switch {
	case err == nil && n > maxMillis, errors.Is(err, strconv.ErrRange):
		return 0, fmt.Errorf("%s is too large", s)
	case err != nil && strings.HasPrefix(s, "-"):
		if _, err := strconv.ParseInt(s, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Errorf("%s is negative", s)
		}
		return 0, fmt.Errorf("%q is not a whole number", s)
	case err != nil:
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	return n, nil
}

// Position is the position of a position command: where the game
// started and the moves played since, which an engine needs for
// repetitions, and the position they lead to.
type Position struct {
	Start   shogi.Position
	Moves   []shogi.Move
	Current shogi.Position // Start after Moves
}

// Startpos returns the position of "position startpos".
func Startpos() Position {
	p := shogi.Startpos()
	return Position{Start: p, Current: p}
}

// ParsePosition reads the words after "position": "startpos" or "sfen"
// and the four fields of an SFEN, then optionally "moves" and moves in
// USI notation, each of which must be legal in turn. Its errors are
// those of record.ReadUSI (*record.ParseError).
func ParsePosition(fields []string) (Position, error) {
	if len(fields) == 0 {
		return Position{}, &record.ParseError{Format: record.FormatUSI, Msg: "want startpos or sfen"}
	}
	g, err := record.ReadUSI([]byte(strings.Join(fields, " ")))
	if err != nil {
		return Position{}, err
	}
	cur, err := g.PositionAt(len(g.Moves))
	if err != nil {
		return Position{}, err
	}
	return Position{Start: g.Start, Moves: g.Moves, Current: cur}, nil
}

// setOption is a setoption command read: the option's name and value as
// given ("" when there is no value, as for a button).
type setOption struct {
	name, value string
	hasValue    bool
}

// parseSetOption reads the words after "setoption": "name N [value V]".
// A name or value of several words is joined with single spaces.
func parseSetOption(fields []string) (setOption, error) {
	if len(fields) == 0 || fields[0] != "name" {
		return setOption{}, errors.New("want setoption name N [value V]")
	}
	rest := fields[1:]
	var so setOption
	nameEnd := len(rest)
	for i, w := range rest {
		if w == "value" {
			nameEnd = i
			so.hasValue = true
			break
		}
	}
	so.name = strings.Join(rest[:nameEnd], " ")
	if so.hasValue {
		so.value = strings.Join(rest[nameEnd+1:], " ")
	}
	if so.name == "" {
		return setOption{}, errors.New("setoption without an option name")
	}
	return so, nil
}
