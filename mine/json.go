package mine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/shogi"
)

// Report is what was mined of one game, the record tsume mine --format
// jsonl writes for it, one JSON object a line (see MarshalJSON).
type Report struct {
	Source
	// Line is the line of the file on which the game's record begins.
	Line               int
	Black, White, Date string
	Moves              int // the number of moves of the game
	Findings           []Finding
	Problems           []problem.Problem
	Candidates         int
	Undecided          int
}

// NewReport returns the report of the game g from src that res describes.
func NewReport(g *record.Game, src Source, res *Result) Report {
	return Report{Source: src, Line: g.Line, Black: Player(g, shogi.Black), White: Player(g, shogi.White), Date: Date(g),
		Moves: len(g.Moves), Findings: res.Findings, Problems: res.Problems, Candidates: res.Candidates, Undecided: res.Undecided}
}

type reportJSON struct {
	File       string            `json:"file"`
	Game       int               `json:"game"`
	Ordinal    int               `json:"ordinal"`
	Line       int               `json:"line"`
	Black      string            `json:"black"`
	White      string            `json:"white"`
	Date       string            `json:"date"`
	Moves      int               `json:"moves"`
	Findings   []findingJSON     `json:"findings"`
	Problems   []problem.Problem `json:"problems"`
	Candidates int               `json:"candidates"`
	Undecided  int               `json:"undecided"`
}

type findingJSON struct {
	Kind     Kind   `json:"kind"`
	Ply      int    `json:"ply"`
	Move     int    `json:"move"`
	Side     string `json:"side"`
	Played   string `json:"played"`
	SFEN     string `json:"sfen"`
	Length   int    `json:"length"`
	Exact    bool   `json:"exact"`
	Shortest bool   `json:"shortest"`
	Line     string `json:"line"`
}

// MarshalJSON returns the JSON form of r, one object on one line:
//
//	{"file":…,"game":…,"ordinal":…,"line":…,"black":…,"white":…,"date":…,"moves":…,
//	 "findings":[{"kind":"missed","ply":…,"move":…,"side":"black","played":"5i5h",
//	   "sfen":…,"length":1,"exact":true,"shortest":false,"line":"G*5b"}, …],
//	 "problems":[…],"candidates":…,"undecided":…}
//
// A finding's sfen is the position before the move, played the move in
// USI and line the mate in USI, its moves separated by spaces: from sfen
// for a missed or played mate, from the position after the move for an
// allowed one. The problems are in the JSON form of problem.Problem.
// Lists are empty, never null.
func (r Report) MarshalJSON() ([]byte, error) {
	j := reportJSON{File: r.File, Game: r.Game, Ordinal: r.Ordinal, Line: r.Line, Black: r.Black, White: r.White, Date: r.Date,
		Moves: r.Moves, Findings: make([]findingJSON, len(r.Findings)), Problems: r.Problems, Candidates: r.Candidates, Undecided: r.Undecided}
	if j.Problems == nil {
		j.Problems = []problem.Problem{}
	}
	for i, f := range r.Findings {
		line := make([]string, len(f.Line))
		for k, m := range f.Line {
			line[k] = m.String()
		}
		j.Findings[i] = findingJSON{Kind: f.Kind, Ply: f.Ply, Move: f.MoveNumber, Side: f.Side.String(), Played: f.Played.String(),
			SFEN: f.Position.SFEN(), Length: f.Length, Exact: f.Exact, Shortest: f.Shortest, Line: strings.Join(line, " ")}
	}
	return json.Marshal(&j)
}

// UnmarshalJSON reads the JSON form of a report (see MarshalJSON). Each
// finding's position, move and line are checked: a move that is not
// legal in turn is an error naming the finding and the field.
func (r *Report) UnmarshalJSON(data []byte) error {
	var j reportJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	out := Report{Source: Source{File: j.File, Game: j.Game, Ordinal: j.Ordinal}, Line: j.Line, Black: j.Black, White: j.White,
		Date: j.Date, Moves: j.Moves, Problems: j.Problems, Candidates: j.Candidates, Undecided: j.Undecided}
	for i, fj := range j.Findings {
		f, field, err := fj.finding()
		if err != nil {
			return fmt.Errorf("mine: findings[%d].%s: %w", i, field, err)
		}
		out.Findings = append(out.Findings, f)
	}
	if len(out.Problems) == 0 {
		out.Problems = nil // written [], nil in a Result with none
	}
	*r = out
	return nil
}

// finding reads a finding; on error it names the field at fault.
func (fj *findingJSON) finding() (f Finding, field string, err error) {
	switch fj.Kind {
	case Missed, Played, Allowed:
	default:
		return f, "kind", fmt.Errorf("%q: want missed, played or allowed", fj.Kind)
	}
	f = Finding{Kind: fj.Kind, Ply: fj.Ply, MoveNumber: fj.Move, Length: fj.Length, Exact: fj.Exact, Shortest: fj.Shortest}
	if f.Position, err = shogi.ParseSFEN(fj.SFEN); err != nil {
		return f, "sfen", err
	}
	f.Side = f.Position.SideToMove()
	if fj.Side != f.Side.String() {
		return f, "side", fmt.Errorf("%q: the position has %s to move", fj.Side, f.Side)
	}
	if f.Played, err = f.Position.ParseUSIMove(fj.Played); err != nil {
		return f, "played", err
	}
	q := f.Position
	if f.Kind == Allowed {
		q.DoMove(f.Played)
	}
	for w := range strings.FieldsSeq(fj.Line) {
		m, err := q.ParseUSIMove(w)
		if err != nil {
			return f, "line", err
		}
		f.Line = append(f.Line, m)
		q.DoMove(m)
	}
	return f, "", nil
}

// WriteJSONL writes the reports one JSON object a line.
func WriteJSONL(w io.Writer, rs []Report) error {
	bw := bufio.NewWriter(w)
	for i := range rs {
		b, err := rs[i].MarshalJSON()
		if err != nil {
			return err
		}
		bw.Write(b)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// ReadJSONL reads reports written one JSON object a line; blank lines are
// skipped. An error names name and the line.
func ReadJSONL(r io.Reader, name string) ([]Report, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 64<<20)
	var out []Report
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var rep Report
		if err := rep.UnmarshalJSON(line); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		out = append(out, rep)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}
