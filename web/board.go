package web

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/tsume-shogi/tsume/render"
	"github.com/tsume-shogi/tsume/shogi"
)

// paramLayout is the parameter (or body field) that chooses how a
// picture of the board places the hands.
const paramLayout = "layout"

// parseLayout reads a layout: "landscape" (the hands in columns at the
// board's sides, as printed diagrams have them; the default, also for
// "") or "portrait" (in rows above and below the board, for a phone held
// upright). It reports whether the layout is portrait.
func parseLayout(s string) (bool, error) {
	switch s {
	case "", "landscape":
		return false, nil
	case "portrait":
		return true, nil
	}
	return false, badRequest(paramLayout, "layout %q: want landscape or portrait", s)
}

// layoutParam reads the layout query parameter of r.
func layoutParam(r *http.Request) (bool, error) {
	return parseLayout(r.URL.Query().Get(paramLayout))
}

// picture draws p as the pages show it: last marked (NoMove: nothing),
// in the portrait layout or not.
func picture(p *shogi.Position, last shogi.Move, portrait bool) string {
	return string(render.SVG(p, render.SVGOptions{Highlight: last, Portrait: portrait}))
}

// rawParam returns the query parameter name of u, read from the raw
// query so that a + is a + (a promotion, a promoted piece) and a space
// is written %20; ok is false when it is absent. It is an error when the
// parameter is given twice or badly escaped.
func rawParam(u *url.URL, name string) (value string, ok bool, err error) {
	for kv := range strings.SplitSeq(u.RawQuery, "&") {
		k, v, _ := strings.Cut(kv, "=")
		if k != name {
			continue
		}
		if ok {
			return "", false, badRequest(name, "parameter %q given twice", name)
		}
		if value, err = url.PathUnescape(v); err != nil {
			return "", false, badRequest(name, "bad escape in %s", name)
		}
		ok = true
	}
	return value, ok, nil
}

// boardPicture answers GET /api/v1/board.svg?sfen=…&move=…&layout=…: the
// picture of the position sfen, or of the position after move, a legal
// move of it, marked. It draws the positions of the solve page's main
// line and of its findings' alternatives.
func (s *Server) boardPicture(w http.ResponseWriter, r *http.Request) error {
	for name := range r.URL.Query() {
		switch name {
		case "sfen", "move", paramLayout:
		default:
			return badRequest(name, "unknown parameter %q", name)
		}
	}
	portrait, err := layoutParam(r)
	if err != nil {
		return err
	}
	sfen, ok, err := rawParam(r.URL, "sfen")
	if err != nil {
		return err
	}
	if !ok || sfen == "" {
		return badRequest("sfen", "no sfen given: the position to draw")
	}
	p, err := shogi.ParseSFEN(sfen)
	if err == nil {
		err = p.Validate()
	}
	if err != nil {
		return unprocessable("sfen", "%s", message(err))
	}
	usi, ok, err := rawParam(r.URL, "move")
	if err != nil {
		return err
	}
	last := shogi.NoMove
	if ok {
		m, err := p.ParseUSIMove(usi)
		if err != nil {
			return unprocessable("move", "%s", message(err))
		}
		p.DoMove(m)
		last = m
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	// The picture is a function of the URL alone.
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Write([]byte(picture(&p, last, portrait)))
	return nil
}
