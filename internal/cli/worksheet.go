package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/render/worksheet"
	"github.com/tsume-shogi/tsume/report"
)

// worksheetIndex is the name of the worksheet page in the output directory.
const worksheetIndex = "index.html"

// worksheetRefresh is how often index.html is rewritten during a run; it
// is rewritten at the end of every run too, interrupted or not.
const worksheetRefresh = time.Second

// worksheetDir writes the svg format of generate: one picture per problem,
// DIR/0001.svg, DIR/0002.svg, …, and DIR/index.html, a printable
// worksheet showing them with the answers on a page of their own. Every
// file is written under a temporary name and renamed into place, so the
// directory never holds half a file, and index.html only ever lists
// pictures that exist.
type worksheetDir struct {
	dir       string
	svgText   bool // the pictures' characters as text, not outlines
	entries   []worksheet.Problem
	method    string
	seed      uint64
	length    int // the plies of the problems (of the last one added)
	lastIndex time.Time
	// severalLengths: the sheet holds problems of several lengths, each
	// picture named with its own.
	severalLengths bool
}

// newWorksheet creates dir if needed and writes an empty index.html. With
// svgText the pictures draw their characters as text.
func newWorksheet(dir string, svgText bool) (*worksheetDir, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	w := &worksheetDir{dir: dir, svgText: svgText}
	return w, w.writeIndex()
}

// add writes the picture of p and, at most once a second, index.html.
// The answer key lists p's variations (report.AnswerVariations), searched
// even when ctx is done (an interrupted run still writes the problems
// it has, whole; the searches are small); a line that is no tsume
// solution, as a bank may hold, is listed without them.
func (w *worksheetDir) add(ctx context.Context, p *problem.Problem) error {
	e := worksheet.NewProblem(len(w.entries)+1, &p.Position, p.Line)
	e.Picture = fmt.Sprintf("%04d.svg", e.Number)
	e.Themes = themeSummary(p.Themes)
	if vs, err := report.AnswerVariations(context.WithoutCancel(ctx), &p.Position, p.Line); err == nil {
		e.Variations = vs
	}
	plies := 0
	if w.severalLengths {
		plies = len(p.Line)
	}
	pic := worksheet.Picture(e.Number, plies, &p.Position, w.svgText)
	if err := writeFileAtomic(filepath.Join(w.dir, e.Picture), pic); err != nil {
		return err
	}
	w.entries = append(w.entries, e)
	w.method, w.seed, w.length = p.Provenance.Method, p.Provenance.Seed, len(p.Line)
	if time.Since(w.lastIndex) >= worksheetRefresh {
		return w.writeIndex()
	}
	return nil
}

// writeIndex rewrites index.html with every problem added so far.
func (w *worksheetDir) writeIndex() error {
	w.lastIndex = time.Now()
	return writeFileAtomic(filepath.Join(w.dir, worksheetIndex), []byte(w.html()))
}

// writeFileAtomic writes data to a temporary file beside path and renames
// it to path.
func writeFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tsume-*.tmp")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(f.Name(), 0o644)
	}
	if werr == nil {
		werr = os.Rename(f.Name(), path)
	}
	if werr != nil {
		os.Remove(f.Name())
	}
	return werr
}

// html returns the worksheet page.
func (w *worksheetDir) html() string {
	sheet := worksheet.Sheet{Plies: w.length, Problems: w.entries}
	if w.severalLengths {
		sheet.Plies = 0 // each problem's own
	}
	if n := len(w.entries); n > 0 {
		sheet.About = fmt.Sprintf("%d problem%s from tsume generate (method %s, seed %d). The answers are on the last page.",
			n, plural(n), w.method, w.seed)
	}
	return string(sheet.HTML())
}

// lengthTitle names a problem of n plies as composers do (see
// worksheet.LengthTitle).
func lengthTitle(n int) string { return worksheet.LengthTitle(n) }
