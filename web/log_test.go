package web

import (
	"io"
	"log/slog"
)

// discardLogger logs nothing.
func discardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
