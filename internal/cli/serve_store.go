package cli

import (
	"github.com/tsume-shogi/tsume/problem"
	"github.com/tsume-shogi/tsume/web"
)

// serveStore returns the web configuration of serve's problem store —
// its Store and IsNotFound — and the function that closes it: the bank
// bankFile, or the problems of the JSONL file problems held in memory.
func serveStore(bankFile, problems string) (web.Config, func(), error) {
	if bankFile != "" {
		// The bank's wiring: bank.Open(bankFile), Store the *bank.Bank,
		// IsNotFound errors.Is(err, bank.ErrNotFound), close b.Close.
		return web.Config{}, nil, &exitError{ExitError, "--bank: the problem bank is not part of this build yet; use --problems FILE"}
	}
	ps, err := problem.ReadJSONLFile(problems)
	if err != nil {
		return web.Config{}, nil, inputError(err)
	}
	return web.Config{Store: web.NewMemoryStore(ps)}, func() {}, nil
}
