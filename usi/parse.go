package usi

import (
	"errors"
	"fmt"
	"math"
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

// A GoNote reports a part of a go command that ParseGo did not take as
// it was given: a word it does not know, a value that is missing, is no
// whole number or is out of range, a field given twice, searchmoves
// without a legal move. Field is the field at fault ("" for words that
// start no field); Msg says what was wrong and what was done instead.
// Serve reports each note with info string.
type GoNote struct {
	Field string
	Msg   string
}

// String returns the note as Serve reports it: "go btime: -5 is
// negative; read as 0".
func (n GoNote) String() string {
	if n.Field == "" {
		return "go: " + n.Msg
	}
	return "go " + n.Field + ": " + n.Msg
}

// goKeywords are the words that start a field of go.
var goKeywords = map[string]bool{
	"btime": true, "wtime": true, "byoyomi": true, "binc": true, "winc": true,
	"movetime": true, "depth": true, "nodes": true, "mate": true,
	"infinite": true, "ponder": true, "searchmoves": true,
}

// Bounds of the numbers of go: a larger value is read as the bound.
const (
	// MaxGoMillis bounds a time, so that it fits a time.Duration.
	MaxGoMillis = uint64(1<<63-1) / uint64(time.Millisecond)
	// MaxGoDepth bounds depth.
	MaxGoDepth = 1<<31 - 1
)

// ParseGo reads the fields of a go command, the words after "go". Times
// are whole numbers of milliseconds, depth and nodes whole numbers (0:
// no limit); mate takes a time or the word infinite (0: infinite);
// searchmoves takes the words up to the next field.
//
// ParseGo never fails, so that a GUI always gets a search of what was
// understood: a word it does not know is ignored, with the words after
// it up to the next field (so "rtime 3000" as a whole); a number below
// 0 is read as 0 and one above the bound (MaxGoMillis, MaxGoDepth, the
// largest uint64) as the bound; a value that is missing or no whole
// number leaves the field unset (go mate without a time searches until
// stop); a field given twice takes its last value. Each such case is a
// GoNote, in the order of the words.
func ParseGo(fields []string) (Limits, []GoNote) {
	var l Limits
	var notes []GoNote
	note := func(field, format string, args ...any) {
		notes = append(notes, GoNote{Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	seen := make(map[string]bool)
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if !goKeywords[f] {
			j := i + 1
			for j < len(fields) && !goKeywords[fields[j]] {
				j++
			}
			note("", "unknown field %q ignored", strings.Join(fields[i:j], " "))
			i = j - 1
			continue
		}
		if seen[f] {
			note(f, "given twice; the last one counts")
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
				note(f, "no moves; every move is searched")
				l.SearchMoves = nil
				continue
			}
			l.SearchMoves = append([]string(nil), fields[i+1:j]...)
			i = j - 1
			continue
		}
		// The other fields take one value.
		if f == "mate" {
			l.Mate, l.MateTime = true, 0
		}
		if i+1 >= len(fields) || goKeywords[fields[i+1]] && !(f == "mate" && fields[i+1] == "infinite") {
			if f == "mate" {
				note(f, "no time given; searching until stop")
			} else {
				note(f, "no value; ignored")
			}
			continue
		}
		i++
		v := fields[i]
		switch f {
		case "mate":
			if v == "infinite" {
				break
			}
			ms, msg, ok := readNumber(v, MaxGoMillis)
			switch {
			case !ok:
				note(f, "%q is not a time in milliseconds; searching until stop", v)
			case msg != "":
				if ms == 0 {
					msg += ": searching until stop"
				}
				note(f, "%s", msg)
			}
			l.MateTime = time.Duration(ms) * time.Millisecond
		case "depth":
			n, msg, ok := readNumber(v, MaxGoDepth)
			if !ok {
				note(f, "%q is not a whole number; ignored", v)
				break
			}
			if msg != "" {
				note(f, "%s", msg)
			}
			l.Depth = int(n)
		case "nodes":
			n, msg, ok := readNumber(v, math.MaxUint64)
			if !ok {
				note(f, "%q is not a whole number; ignored", v)
				break
			}
			if msg != "" {
				note(f, "%s", msg)
			}
			l.Nodes = n
		default:
			ms, msg, ok := readNumber(v, MaxGoMillis)
			if !ok {
				note(f, "%q is not a time in milliseconds; ignored", v)
				break
			}
			if msg != "" {
				note(f, "%s", msg)
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
	return l, notes
}

// readNumber reads s, a decimal whole number, clamped to [0, limit]: a
// negative number is read as 0 and one above limit as limit, with msg
// saying so. ok is false when s is no whole number.
func readNumber(s string, limit uint64) (n uint64, msg string, ok bool) {
	n, err := strconv.ParseUint(s, 10, 64)
	switch {
	case err == nil && n <= limit:
		return n, "", true
	case err == nil, errors.Is(err, strconv.ErrRange):
		return limit, fmt.Sprintf("%s is too large; read as %d", s, limit), true
	}
	if !strings.HasPrefix(s, "-") {
		return 0, "", false
	}
	switch v, err := strconv.ParseInt(s, 10, 64); {
	case err == nil && v == 0:
		return 0, "", true // -0
	case err == nil, errors.Is(err, strconv.ErrRange):
		return 0, fmt.Sprintf("%s is negative; read as 0", s), true
	}
	return 0, "", false
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
