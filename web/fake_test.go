package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/tsume-shogi/tsume/bank"
	"github.com/tsume-shogi/tsume/problem"
)

// errNotFound is the fake store's "no such problem", wired into the
// server through Config.IsNotFound as the bank's will be.
var errNotFound = errors.New("fake: not found")

// fakeStore is the store of the tests: a MemoryStore whose "not found"
// is errNotFound, and which fails every call with failure when it is set.
type fakeStore struct {
	mem     *MemoryStore
	failure error
}

func (f *fakeStore) wrap(err error) error {
	switch {
	case f.failure != nil:
		return f.failure
	case errors.Is(err, ErrNotFound):
		return errNotFound
	}
	return err
}

func (f *fakeStore) Get(ctx context.Context, id int64) (bank.Entry, error) {
	e, err := f.mem.Get(ctx, id)
	return e, f.wrap(err)
}

func (f *fakeStore) Query(ctx context.Context, q bank.Query) ([]bank.Entry, error) {
	es, err := f.mem.Query(ctx, q)
	return es, f.wrap(err)
}

func (f *fakeStore) Count(ctx context.Context, q bank.Query) (int, error) {
	n, err := f.mem.Count(ctx, q)
	return n, f.wrap(err)
}

func (f *fakeStore) Pick(ctx context.Context, q bank.Query, seed uint64) (bank.Entry, error) {
	e, err := f.mem.Pick(ctx, q, seed)
	return e, f.wrap(err)
}

func (f *fakeStore) Record(ctx context.Context, a bank.Attempt) (bank.Rating, bank.Rating, error) {
	p, s, err := f.mem.Record(ctx, a)
	return p, s, f.wrap(err)
}

// testProblems reads testdata/problems.jsonl: six problems each of 1, 3
// and 5 plies (ids 1–6, 7–12, 13–18), made by
// tsume generate --length N --n 6 --seed 18 --format jsonl.
func testProblems(t testing.TB) []problem.Problem {
	t.Helper()
	ps, err := problem.ReadJSONLFile("testdata/problems.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// newTestServer returns a server over the test problems and its store.
func newTestServer(t testing.TB, limits Limits) (*Server, *fakeStore) {
	t.Helper()
	st := &fakeStore{mem: NewMemoryStore(testProblems(t))}
	s, err := New(Config{Store: st, IsNotFound: func(err error) bool { return errors.Is(err, errNotFound) }, Limits: limits,
		Log: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	return s, st
}

// do sends a request to h and returns the answer; a body that is not
// a string or []byte is sent as JSON.
func do(t testing.TB, h http.Handler, method, target string, body any) *httptest.ResponseRecorder {
	t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(data)
	}
	req := httptest.NewRequest(method, target, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// decode decodes the JSON answer of w into v.
func decode(t testing.TB, w *httptest.ResponseRecorder, v any) {
	t.Helper()
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type %q, want JSON; body %s", ct, w.Body)
	}
	if err := json.Unmarshal(w.Body.Bytes(), v); err != nil {
		t.Fatalf("answer %s: %v", w.Body, err)
	}
}

// wantError checks that w is an error answer with the status and field,
// and that it gives away nothing of the server.
func wantError(t testing.TB, w *httptest.ResponseRecorder, status int, field string) errorBody {
	t.Helper()
	var e errorBody
	decode(t, w, &e)
	if w.Code != status || e.Field != field || e.Error == "" {
		t.Errorf("status %d, error %q, field %q; want status %d, field %q", w.Code, e.Error, e.Field, status, field)
	}
	noLeak(t, w.Body.String())
	return e
}

// noLeak fails if body shows a path of the machine or a stack trace.
func noLeak(t testing.TB, body string) {
	t.Helper()
	wd, _ := os.Getwd()
	for _, bad := range []string{wd, "/work/", ".go:", "goroutine ", "panic", "/home/", "/tmp/"} {
		if strings.Contains(body, bad) {
			t.Errorf("the answer shows %q: %s", bad, body)
		}
	}
}
