package cli

import (
	"os"

	"github.com/tsume-shogi/tsume/match"
	"github.com/tsume-shogi/tsume/referee"
)

// openingsFrom returns the openings a command's --openings and
// --random-plies ask for: those of the file, n random ones of plies
// plies drawn from seed, or none (nil: the command's own) when neither
// is set. The errors are the command's to return as they are.
func openingsFrom(file string, seed uint64, n, plies int) ([]referee.Opening, error) {
	switch {
	case file != "":
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, inputError(err)
		}
		ops, err := match.ReadOpenings(file, data)
		if err != nil {
			return nil, recordError(file, err)
		}
		return ops, nil
	case plies > 0:
		ops, err := match.RandomOpenings(seed, n, plies)
		if err != nil {
			return nil, inputError(err)
		}
		return ops, nil
	}
	return nil, nil
}
