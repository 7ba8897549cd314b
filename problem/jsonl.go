package problem

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tsume-shogi/tsume/shogi"
)

// record is the JSON form of a Problem, the stable format of a problem
// bank. The fields generate has always written come first, in this order;
// the fields a list adds follow, left out when empty.
type record struct {
	SFEN string `json:"sfen"`
	// Solution is the main line in USI, moves separated by spaces ("G*5b"
	// for a mate-in-1); SolutionJA the same line in Japanese.
	Solution   string        `json:"solution"`
	SolutionJA string        `json:"solution_ja"`
	Metrics    recordMetrics `json:"metrics"`
	Difficulty float64       `json:"difficulty"`
	Method     string        `json:"method"`
	Seed       uint64        `json:"seed"`
	Index      int           `json:"index"`

	Look               Look `json:"look"`
	Tempting           int  `json:"tempting"`
	PromotionAmbiguous bool `json:"promotion_ambiguous"`

	ID string `json:"id,omitempty"`
	// Plies is written only when the stipulated length is not the length
	// of the main line.
	Plies    *int   `json:"plies,omitempty"`
	RawPlies int    `json:"raw_plies,omitempty"`
	Status   string `json:"status,omitempty"`
	Version  string `json:"version,omitempty"`
	Verdict  string `json:"verdict,omitempty"`
	Nodes    uint64 `json:"nodes,omitempty"`
	// Quality is written when the problem was scored.
	Quality *Quality `json:"quality,omitempty"`
	// Optimized is written when a local search raised the quality score.
	Optimized *Optimized `json:"optimized,omitempty"`
	// Themes is written when the themes were looked for, [] if none.
	Themes *[]Theme `json:"themes,omitempty"`
	// Game is written for a problem mined from a game record.
	Game *GameSource `json:"game,omitempty"`
	// Rules is written for a problem under fairy rules (Problem.Rules),
	// Stip for a stipulation other than mate ("help", "helpself").
	Rules string `json:"rules,omitempty"`
	Stip  string `json:"stip,omitempty"`
}

type recordMetrics struct {
	Legal    int       `json:"legal"`
	Checks   int       `json:"checks"`
	Replies  int       `json:"replies"`
	Composer *Composer `json:"composer,omitempty"`
}

// MarshalJSON returns the JSON form of p, one object on one line:
//
//	{"sfen":…,"solution":"G*5b","solution_ja":"▲５二金打",
//	 "metrics":{"legal":…,"checks":…,"replies":…[,"composer":{…}]},"difficulty":…,
//	 "method":…,"seed":…,"index":…,
//	 "look":{"pieces":…,"king_edge":…,"king_corner":…,"symmetric":…},
//	 "tempting":…,"promotion_ambiguous":…}
//
// solution is the main line in USI, its moves separated by spaces, and
// solution_ja the same line in Japanese; look is computed from the
// position (see LookOf); metrics.composer, the fields of Composer, is
// written when they were measured. The fields id, plies (only when it is not the
// length of the main line), raw_plies, status, version, verdict, nodes,
// quality ({"score":…,"themes":…,…}, see Quality), optimized
// ({"from":…,"steps":…}, see Optimized), themes
// ([{"name":…,"ply":…}], see Theme; [] when none was found) and game
// ({"file":…,"game":…,"move":…,"black":…,"white":…,"date":…}, see
// GameSource), rules (Problem.Rules: "annan", …) and stip ("help" or
// "helpself"; left out for mate) follow when they are set. Under fairy
// rules solution_ja is written in KIF's form (JapaneseVariantLine).
func (p Problem) MarshalJSON() ([]byte, error) {
	r := record{
		SFEN:       p.SFEN(),
		Solution:   p.LineUSI(),
		SolutionJA: p.lineJA(),
		Metrics:    recordMetrics{p.Metrics.Legal, p.Metrics.Checks, p.Metrics.Replies, p.Composer},
		Difficulty: p.Difficulty,
		Method:     p.Provenance.Method,
		Seed:       p.Provenance.Seed,
		Index:      p.Provenance.Index,

		Look:               p.Look(),
		Tempting:           p.Metrics.Tempting,
		PromotionAmbiguous: p.PromotionAmbiguous,

		ID:       p.ID,
		RawPlies: p.RawPlies,
		Version:  p.Provenance.Version,
		Verdict:  p.Verdict,
		Nodes:    p.Nodes,

		Quality:   p.Quality,
		Optimized: p.Optimized,
		Game:      p.Provenance.Game,

		Rules: p.Rules,
	}
	if p.Themes != nil {
		r.Themes = &p.Themes
	}
	switch g := p.Stipulation.Goal; g {
	case Mate:
	case Help, HelpSelf:
		r.Stip = g.String()
	default:
		return nil, fmt.Errorf("problem: stipulation %v has no JSON form", p.Stipulation)
	}
	if p.Stipulation.Plies != len(p.Line) {
		r.Plies = &p.Stipulation.Plies
	}
	if p.Status != UnknownStatus {
		r.Status = p.Status.String()
	}
	return json.Marshal(&r)
}

// UnmarshalJSON reads the JSON form of a problem (see MarshalJSON). The
// position and the main line are checked as ReadTSV checks them; look is
// ignored, since the position determines it. A missing plies means the
// length of the main line.
func (p *Problem) UnmarshalJSON(data []byte) error {
	q, field, err := decodeRecord(data)
	if err != nil {
		if field != "" {
			return fmt.Errorf("problem: %s: %w", field, err)
		}
		return err
	}
	*p = q
	return nil
}

// decodeRecord reads a record; on error it names the field at fault.
func decodeRecord(data []byte) (p Problem, field string, err error) {
	var r record
	if err := json.Unmarshal(data, &r); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return p, te.Field, err
		}
		return p, "", err
	}
	if r.SFEN == "" {
		return p, "sfen", errors.New("missing")
	}
	if err = p.SetSFEN(r.SFEN); err != nil {
		return p, "sfen", err
	}
	if p.Rules, err = CanonicalRules(r.Rules); err != nil {
		return p, "rules", err
	}
	goal := Mate
	if r.Stip != "" {
		if goal, err = ParseGoal(r.Stip); err != nil {
			return p, "stip", err
		}
	}
	if p.Line, err = p.ParseLine(strings.Fields(r.Solution)); err != nil {
		return p, "solution", err
	}
	p.Stipulation = Stipulation{Goal: goal, Plies: len(p.Line)}
	if r.Plies != nil {
		if *r.Plies < 0 {
			return p, "plies", fmt.Errorf("%d is not a number of plies", *r.Plies)
		}
		p.Stipulation.Plies = *r.Plies
	}
	if r.RawPlies < 0 {
		return p, "raw_plies", fmt.Errorf("%d is not a number of plies", r.RawPlies)
	}
	if r.Status != "" {
		if p.Status, err = ParseStatus(r.Status); err != nil {
			return p, "status", err
		}
	}
	p.ID, p.RawPlies = r.ID, r.RawPlies
	p.PromotionAmbiguous = r.PromotionAmbiguous
	p.Metrics = Metrics{Legal: r.Metrics.Legal, Checks: r.Metrics.Checks, Replies: r.Metrics.Replies, Tempting: r.Tempting}
	p.Difficulty, p.Verdict, p.Nodes = r.Difficulty, r.Verdict, r.Nodes
	p.Composer = r.Metrics.Composer
	p.Quality, p.Optimized = r.Quality, r.Optimized
	if r.Themes != nil {
		p.Themes = append([]Theme{}, *r.Themes...)
		for _, t := range p.Themes {
			if t.Name == "" || t.Ply < 1 || t.Ply > len(p.Line) {
				return p, "themes", fmt.Errorf("%+v is not a theme of the solution (a name and a ply from 1 to %d)", t, len(p.Line))
			}
		}
	}
	if r.Game != nil && (r.Game.Game < 0 || r.Game.Move < 1) {
		return p, "game", fmt.Errorf("%+v: the game's place must be at least 0 and the move number at least 1", *r.Game)
	}
	p.Provenance = Provenance{Method: r.Method, Seed: r.Seed, Index: r.Index, Version: r.Version, Game: r.Game}
	return p, "", nil
}

// AppendJSONL appends the JSON form of p and a newline to dst.
func AppendJSONL(dst []byte, p *Problem) ([]byte, error) {
	b, err := p.MarshalJSON()
	if err != nil {
		return dst, err
	}
	dst = append(dst, b...)
	return append(dst, '\n'), nil
}

// WriteJSONL writes ps one JSON object per line (see MarshalJSON).
func WriteJSONL(w io.Writer, ps []Problem) error {
	bw := bufio.NewWriter(w)
	var b []byte
	for i := range ps {
		var err error
		if b, err = AppendJSONL(b[:0], &ps[i]); err != nil {
			return err
		}
		bw.Write(b)
	}
	return bw.Flush()
}

// ReadJSONL reads problems written one JSON object per line (see
// MarshalJSON); blank lines are skipped. An error is a *ParseError naming
// name, the line and the field.
func ReadJSONL(r io.Reader, name string) ([]Problem, error) {
	var out []Problem
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<24)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		p, field, err := decodeRecord(line)
		if err != nil {
			return nil, &ParseError{File: name, Line: n, Field: field, Err: err}
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: name, Line: n + 1, Err: err}
	}
	return out, nil
}

// ReadJSONLFile reads the problems in the file path (see ReadJSONL).
func ReadJSONLFile(path string) ([]Problem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadJSONL(f, path)
}

// japaneseLine writes line, played from start, in Japanese with ▲ and △
// marks, moves separated by spaces ("▲５二金打" for a mate-in-1); a move to
// the square of the move before is written 同.
func japaneseLine(start *shogi.Position, line []shogi.Move) string {
	if len(line) == 0 {
		return ""
	}
	q := *start
	var b strings.Builder
	prev := shogi.NoSquare
	for i, m := range line {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(q.JapaneseMove(m, prev, shogi.JapaneseStyle{Mark: true}))
		q.DoMove(m)
		prev = m.To()
	}
	return b.String()
}
