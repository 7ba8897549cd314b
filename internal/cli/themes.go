package cli

import (
	"bufio"
	"fmt"

	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/record"
	"github.com/tsume-shogi/tsume/theme"
)

// themeHeader returns the header line that names the themes of a
// problem's main line in a KIF or KI2 record, "手筋：1手目 捨て駒・吊り出し、
// 3手目 頭金" (in CSA the writer makes it a comment line "'手筋：…"), and
// false when there is none to name.
func themeHeader(themes []problem.Theme) (record.KIFHeader, bool) {
	if len(themes) == 0 {
		return record.KIFHeader{}, false
	}
	return record.KIFHeader{Key: "手筋", Value: themeSummary(themes)}, true
}

// themeSummary writes themes in Japanese, "1手目 捨て駒・吊り出し、3手目 頭金"
// (theme.Summary); "" when there are none.
func themeSummary(themes []problem.Theme) string {
	found := make([]theme.Found, len(themes))
	for i, t := range themes {
		found[i] = theme.Found(t)
	}
	return theme.Summary(found)
}

// writeThemes writes the themes of a main line for the human reports of
// solve and verify, a ply a line, each theme by its name and its Japanese
// term: "themes:\n  ply 1  sacrifice 捨て駒, lure 吊り出し\n", or
// "themes: none\n".
func writeThemes(w *bufio.Writer, found []theme.Found) {
	if len(found) == 0 {
		w.WriteString("themes: none\n")
		return
	}
	w.WriteString("themes (docs/themes.md):\n")
	for i, f := range found {
		if i == 0 || f.Ply != found[i-1].Ply {
			if i > 0 {
				w.WriteString("\n")
			}
			fmt.Fprintf(w, "  ply %d  ", f.Ply)
		} else {
			w.WriteString(", ")
		}
		w.WriteString(f.Name)
		if ja := theme.Japanese(f.Name); ja != "" {
			w.WriteString(" " + ja)
		}
	}
	w.WriteString("\n")
}
