package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strings"

	"github.com/tsume-shogi/tsume/theme"
)

// assets are the pages' templates and the files they load: our own
// script and style sheet, embedded in the binary.
//
//go:embed templates/*.html static/*
var assets embed.FS

// pageCSP is the content security policy of the pages: nothing but the
// server's own script, styles and pictures.
const pageCSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// page is what a page's template gets.
type page struct {
	Name    string // practice, solve, worksheet, games
	Title   string
	Version string
	// Themes are the themes a filter offers (theme.Catalogue).
	Themes []theme.Theme
}

// loadAssets parses the templates and sets the static files.
func (s *Server) loadAssets() error {
	t, err := template.ParseFS(assets, "templates/*.html")
	if err != nil {
		return fmt.Errorf("web: templates: %w", err)
	}
	st, err := fs.Sub(assets, "static")
	if err != nil {
		return fmt.Errorf("web: static files: %w", err)
	}
	s.pages, s.static = t, st
	return nil
}

// pageRoutes registers the pages and the static files.
func (s *Server) pageRoutes() {
	s.mux.Handle("GET /{$}", s.pageHandler(page{Name: "practice", Title: "Practice"}))
	s.mux.Handle("GET /solve", s.pageHandler(page{Name: "solve", Title: "Solve"}))
	s.mux.Handle("GET /worksheet", s.pageHandler(page{Name: "worksheet", Title: "Worksheet"}))
	s.mux.Handle("GET /games", s.pageHandler(page{Name: "games", Title: "Your games"}))
	files := http.StripPrefix("/static/", http.FileServerFS(s.static))
	s.mux.Handle("GET /static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") {
			http.Error(w, "404 page not found", http.StatusNotFound) // no listing
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=3600")
		files.ServeHTTP(w, r)
	}))
	// The worksheet, a page of its own (render/worksheet), names no icon:
	// browsers then ask for /favicon.ico, which is the pages' icon.
	s.mux.Handle("GET /favicon.ico", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		http.ServeFileFS(w, r, s.static, "favicon.svg")
	}))
	s.mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "404 page not found", http.StatusNotFound)
	}))
}

// pageHandler serves the page p.
func (s *Server) pageHandler(p page) http.Handler {
	p.Version = s.version
	p.Themes = theme.Catalogue()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b bytes.Buffer
		if err := s.pages.ExecuteTemplate(&b, p.Name+".html", p); err != nil {
			s.log.Error("web: page", "page", p.Name, "err", err)
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", pageCSP)
		h.Set("Cache-Control", "no-cache")
		w.Write(b.Bytes())
	})
}
