package cli

import (
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
	found := make([]theme.Found, len(themes))
	for i, t := range themes {
		found[i] = theme.Found(t)
	}
	return record.KIFHeader{Key: "手筋", Value: theme.Summary(found)}, true
}
